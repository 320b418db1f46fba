import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { decodeCursor, encodeCursor } from '../activity/cursor';

export type NotificationHistoryItem = {
  id: string;
  subject: string;
  kind: string;
  channel: 'email';
  status: 'pending' | 'sent' | 'failed' | 'stored';
  created_at: string;
  sent_at: string | null;
};

/** The e-mails sent to the user (from the outbox), newest first, by cursor. */
export async function listNotificationHistory(
  deps: AppDeps,
  userId: number,
  input: { cursor?: string; limit: number },
): Promise<{ items: NotificationHistoryItem[]; next_cursor: string | null }> {
  let query = deps.db
    .selectFrom('mail_outbox')
    .select(['id', 'uuid', 'subject', 'kind', 'status', 'created_at', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(input.limit + 1);
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor);
    if (!cursor) throw new AppError('VALIDATION_ERROR', 'The cursor is invalid.');
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', cursor.at),
        eb.and([eb('created_at', '=', cursor.at), eb('id', '<', cursor.id)]),
      ]),
    );
  }
  const rows = await query.execute();
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({
      id: row.uuid,
      subject: row.subject,
      kind: row.kind,
      channel: 'email' as const,
      status: row.status,
      created_at: new Date(row.created_at).toISOString(),
      sent_at: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    })),
    next_cursor:
      rows.length > input.limit && last ? encodeCursor(new Date(last.created_at), last.id) : null,
  };
}
