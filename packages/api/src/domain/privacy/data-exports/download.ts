import type { Readable } from 'node:stream';
import type { AppDeps } from '../../../core/app-deps';
import type { ClientInfo } from '../../../core/client-info';
import { PRIVACY_TEXTS } from '../../../contracts/privacy';
import { AppError } from '../../../core/errors';
import { recordActivity } from '../../activity';
import { renderEmail } from '../../../core/mail/render-email';
import type { SessionUser } from '../../sessions';
import { statusOf, type ExportRow } from './output';

type Req = ClientInfo;

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
