import type { AppDeps } from '../../core/app-deps';
import { keysetPage, type Page } from '../../core/keyset-page';
import type { NotificationHistoryItem } from './notifications-schema';

/** The e-mails sent to the user (from the outbox), newest first, by cursor. */
export async function listNotificationHistory(
  deps: AppDeps,
  userId: number,
  input: { cursor?: string; limit: number },
): Promise<Page<NotificationHistoryItem>> {
  const query = deps.db
    .selectFrom('mail_outbox')
    .select(['id', 'uuid', 'subject', 'kind', 'status', 'created_at', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  return keysetPage(query, input, (row) => ({
    id: row.uuid,
    subject: row.subject,
    kind: row.kind,
    channel: 'email' as const,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    sent_at: row.sent_at ? new Date(row.sent_at).toISOString() : null,
  }));
}
