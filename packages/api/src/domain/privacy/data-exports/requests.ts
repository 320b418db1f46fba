import type { AppDeps } from '../../../core/app-deps';
import type { ClientInfo } from '../../../core/client-info';
import { DATA_EXPORT_INTERVAL_HOURS, PRIVACY_TEXTS } from '../../../contracts/privacy';
import { AppError } from '../../../core/errors';
import { recordActivity } from '../../activity';
import { enqueueJob } from '../../../core/jobs/queue';
import { tooManyRequests } from '../../../core/rate-limit/rate-limiter';
import type { SessionUser } from '../../sessions';
import { DATA_EXPORT_JOB } from './export-job';
import {
  toExportOutput,
  type DataExportOutput,
  type ExportRow,
  type RequestedExportOutput,
} from './output';
import { isUuid } from '../../../core/uuid';
import { HOUR_MS } from '../../../core/durations';

type Req = ClientInfo;

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
): Promise<RequestedExportOutput> {
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
  if (!isUuid(uuid)) throw new AppError('NOT_FOUND', PRIVACY_TEXTS.exportNotFound);
  let query = deps.db.selectFrom('data_exports').selectAll().where('uuid', '=', uuid);
  query =
    organizationId === null
      ? query.where('user_id', '=', userId).where('organization_id', 'is', null)
      : query.where('organization_id', '=', organizationId);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', PRIVACY_TEXTS.exportNotFound);
  return row;
}
