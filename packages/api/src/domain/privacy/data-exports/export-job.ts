import { stat } from 'node:fs/promises';
import type { AppDeps } from '../../../core/app-deps';
import { DATA_EXPORT_EXPIRY_DAYS, PRIVACY_TEXTS } from '../../../contracts/privacy';
import type { JobHandler } from '../../../core/jobs/types';
import { renderEmail } from '../../../core/mail/render-email';
import { organizationExportEntries } from '../organization-export/entries';
import { personalExportEntries } from '../personal-export';
import { writeZip, type ArchiveEntry } from '../zip-archive';
import { DAY_MS } from '../../../core/durations';

export const DATA_EXPORT_JOB = 'privacy.build-export';

/** Organization exports: organization-export/entries.ts unless a test puts another builder here. */
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
        : await (organizationExportBuilders.entries ?? organizationExportEntries)(
            deps,
            row.organization_id,
          );
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
  const orgUuid =
    row.organization_id === null
      ? null
      : (
          await deps.db
            .selectFrom('organizations')
            .select('uuid')
            .where('id', '=', row.organization_id)
            .executeTakeFirst()
        )?.uuid;
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
        url:
          row.organization_id === null
            ? `${deps.config.appUrl}/dashboard/profile#your-data`
            : `${deps.config.appUrl}/dashboard/organizations/${orgUuid ?? ''}`,
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

/**
 * Removes the files of exports past their 7 days (the rows stay, listed as expired), 100 at a
 * time. Run by the retention job (domain/privacy/retention.ts, rule "data-exports").
 */
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
