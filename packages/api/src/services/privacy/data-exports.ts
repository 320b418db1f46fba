import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type { DataExportsTable } from '@scmp/db';
import type { AppDeps } from '../../app-deps';
import type { Context } from '../../request-context';
import {
  DATA_EXPORT_EXPIRY_DAYS,
  DATA_EXPORT_INTERVAL_HOURS,
  PRIVACY_TEXTS,
  type DataExportStatus,
} from '../../contracts/privacy';
import { AppError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { enqueueJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/types';
import { renderEmail } from '../mail/render-email';
import { tooManyRequests } from '../rate-limit/rate-limiter';
import type { SessionUser } from '../sessions';
import { personalExportEntries } from './personal-export';
import { writeZip, type ArchiveEntry } from './zip-archive';

type Req = Pick<Context['req'], 'ip' | 'userAgent'>;
type ExportRow = Selectable<DataExportsTable>;

export const DATA_EXPORT_JOB = 'privacy.build-export';
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type DataExportOutput = {
  uuid: string;
  status: DataExportStatus;
  created_at: string;
  completed_at: string | null;
  expires_at: string | null;
  size_bytes: number | null;
};

export function statusOf(row: ExportRow, now: Date): DataExportStatus {
  if (row.status !== 'ready') return row.status;
  return row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()
    ? 'expired'
    : 'ready';
}

export function toExportOutput(row: ExportRow, now: Date): DataExportOutput {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    uuid: row.uuid,
    status: statusOf(row, now),
    created_at: new Date(row.created_at).toISOString(),
    completed_at: iso(row.completed_at),
    expires_at: iso(row.expires_at),
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
  };
}

/**
 * Starts an export of the account's own data (organizationId null) or of an organization: one
 * per account (or organization) per 24 hours, failed ones not counted (429 with Retry-After).
 * The row and its job are written in one transaction, the account row locked so two requests
 * at once make one export.
 */
export async function requestDataExport(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  organizationId: number | null = null,
): Promise<{ uuid: string; status: 'pending' }> {
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    if (organizationId === null) {
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
    } else {
      await trx
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', organizationId)
        .forUpdate()
        .execute();
    }
    let recent = trx
      .selectFrom('data_exports')
      .select('created_at')
      .where('status', '!=', 'failed')
      .where('created_at', '>', new Date(now.getTime() - DATA_EXPORT_INTERVAL_HOURS * HOUR_MS));
    recent =
      organizationId === null
        ? recent.where('user_id', '=', user.id).where('organization_id', 'is', null)
        : recent.where('organization_id', '=', organizationId);
    const last = await recent.orderBy('created_at', 'desc').executeTakeFirst();
    if (last) {
      const retryMs =
        new Date(last.created_at).getTime() + DATA_EXPORT_INTERVAL_HOURS * HOUR_MS - now.getTime();
      const seconds = Math.max(1, Math.ceil(retryMs / 1000));
      throw tooManyRequests(seconds, PRIVACY_TEXTS.exportTooSoon(Math.ceil(seconds / 3600)));
    }
    const created = await trx
      .insertInto('data_exports')
      .values({ user_id: user.id, organization_id: organizationId, created_at: now })
      .returning(['id', 'uuid'])
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, {
      type: DATA_EXPORT_JOB,
      payload: { exportId: created.id },
      runAt: now,
      uniqueKey: `data-export:${created.id}`,
      maxAttempts: 3,
    });
    await recordActivity(
      deps,
      req,
      {
        userId: user.id,
        type: 'security',
        action: 'data_export.requested',
        description:
          organizationId === null
            ? 'Requested an export of your data'
            : 'Requested an export of an organization’s data',
        severity: 'medium',
      },
      trx,
    );
    return created;
  });
  return { uuid: row.uuid, status: 'pending' };
}

export async function listDataExports(
  deps: AppDeps,
  userId: number,
  organizationId: number | null = null,
): Promise<DataExportOutput[]> {
  let query = deps.db.selectFrom('data_exports').selectAll();
  query =
    organizationId === null
      ? query.where('user_id', '=', userId).where('organization_id', 'is', null)
      : query.where('organization_id', '=', organizationId);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(20).execute();
  const now = deps.clock.now();
  return rows.map((row) => toExportOutput(row, now));
}

/** The export the caller may download: 404 for anyone else's (or an unknown id). */
export async function findOwnDataExport(
  deps: AppDeps,
  userId: number,
  uuid: string,
  organizationId: number | null = null,
): Promise<ExportRow> {
  if (!UUID_RE.test(uuid)) throw new AppError('NOT_FOUND', PRIVACY_TEXTS.exportNotFound);
  let query = deps.db.selectFrom('data_exports').selectAll().where('uuid', '=', uuid);
  query =
    organizationId === null
      ? query.where('user_id', '=', userId).where('organization_id', 'is', null)
      : query.where('organization_id', '=', organizationId);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', PRIVACY_TEXTS.exportNotFound);
  return row;
}

/**
 * Opens a ready export for download (the caller already proved a fresh password confirmation),
 * records the download in the activity log and e-mails the account about it.
 */
export async function openDataExport(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  row: ExportRow,
): Promise<{ stream: Readable; size: number; fileName: string }> {
  const now = deps.clock.now();
  const status = statusOf(row, now);
  if (status === 'expired' || (status === 'ready' && row.files_deleted_at)) {
    throw new AppError('NOT_FOUND', PRIVACY_TEXTS.exportExpired);
  }
  if (status !== 'ready' || !row.storage_key) {
    throw new AppError('CONFLICT', PRIVACY_TEXTS.exportNotReady);
  }
  const file = await deps.storage.openRead(row.storage_key);
  if (!file) throw new AppError('NOT_FOUND', PRIVACY_TEXTS.exportExpired);
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'security',
    action: 'data_export.downloaded',
    description:
      row.organization_id === null
        ? 'Downloaded your data export'
        : 'Downloaded an organization’s data export',
    severity: 'medium',
  });
  const { html, text } = renderEmail(
    {
      title: 'Your data export was downloaded',
      paragraphs: [
        `Hello ${user.name},`,
        `Your data export from ${new Date(row.created_at).toISOString().slice(0, 10)} was just downloaded${req.ip ? ` from ${req.ip}` : ''}.`,
      ],
      action: {
        label: 'Review your activity',
        url: `${deps.config.appUrl}/dashboard/activity-log`,
      },
      footnote:
        'If this was not you, change your password at once and sign out every other device.',
    },
    deps.config.productShortName,
  );
  await deps.mailer.send({
    to: user.email,
    subject: 'Your data export was downloaded',
    html,
    text,
    kind: 'data-export-downloaded',
    userId: user.id,
  });
  const day = new Date(row.created_at).toISOString().slice(0, 10);
  return {
    ...file,
    fileName:
      row.organization_id === null
        ? `scmp-data-export-${day}.zip`
        : `scmp-organization-export-${day}.zip`,
  };
}

/** Organization exports register their builder here (piece 4); personal ones are built in place. */
export const organizationExportBuilders: {
  entries?: (deps: AppDeps, organizationId: number) => Promise<ArchiveEntry[]>;
} = {};

/** The worker job: builds the ZIP into storage, marks it ready for 7 days, e-mails the account. */
const buildExportJob: JobHandler = async (deps, payload) => {
  const exportId = Number(payload.exportId);
  const row = await deps.db
    .selectFrom('data_exports')
    .selectAll()
    .where('id', '=', exportId)
    .executeTakeFirst();
  if (!row || row.status !== 'pending') return;
  const key = `exports/${row.uuid}.zip`;
  try {
    const entries =
      row.organization_id === null
        ? await personalExportEntries(deps, row.user_id)
        : await organizationExportBuilders.entries!(deps, row.organization_id);
    let size = 0;
    await writeZip(entries, async (filePath) => {
      size = (await stat(filePath)).size;
      await deps.storage.putFile(key, filePath);
    });
    const now = deps.clock.now();
    await deps.db
      .updateTable('data_exports')
      .set({
        status: 'ready',
        storage_key: key,
        size_bytes: size,
        completed_at: now,
        expires_at: new Date(now.getTime() + DATA_EXPORT_EXPIRY_DAYS * DAY_MS),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
  } catch (error) {
    deps.logger.error({ err: error, exportId }, 'data export failed');
    await deps.db
      .updateTable('data_exports')
      .set({ status: 'failed', completed_at: deps.clock.now() })
      .where('id', '=', row.id)
      .execute();
    await deps.storage.delete(key).catch(() => undefined);
    return;
  }
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  const { html, text } = renderEmail(
    {
      title: PRIVACY_TEXTS.exportReadySubject,
      paragraphs: [
        `Hello ${user.name},`,
        row.organization_id === null
          ? 'The export of your data you asked for is ready. You can download it for the next 7 days; we will ask for your password first.'
          : 'The export of your organization’s data you asked for is ready. You can download it for the next 7 days; we will ask for your password first.',
      ],
      action: {
        label: 'Download your data',
        url: `${deps.config.appUrl}/dashboard/profile#your-data`,
      },
      footnote: 'If you did not ask for this export, change your password and contact support.',
    },
    deps.config.productShortName,
  );
  await deps.mailer.send({
    to: user.email,
    subject: PRIVACY_TEXTS.exportReadySubject,
    html,
    text,
    kind: 'data-export-ready',
    userId: user.id,
  });
};

/** Removes the files of exports past their 7 days (the rows stay, listed as expired). */
export async function sweepExpiredExports(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const rows = await deps.db
    .selectFrom('data_exports')
    .select(['id', 'storage_key'])
    .where('storage_key', 'is not', null)
    .where('files_deleted_at', 'is', null)
    .where('expires_at', '<=', now)
    .limit(100)
    .execute();
  for (const row of rows) {
    await deps.storage.delete(row.storage_key!);
    await deps.db
      .updateTable('data_exports')
      .set({ files_deleted_at: now })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}

export const dataExportJobHandlers: Record<string, JobHandler> = {
  [DATA_EXPORT_JOB]: buildExportJob,
};

export const dataExportSweepTask = {
  name: 'data-export-sweep',
  everyMs: 60 * 60_000,
  run: (deps: AppDeps) => sweepExpiredExports(deps).then(() => undefined),
};
