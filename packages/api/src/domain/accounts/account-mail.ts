import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { renderEmail, type EmailContent } from '../../core/mail/render-email';

/**
 * An e-mail to the account holder in the product's look, its subject its title; stored in the
 * outbox inside `db` when given (so it is sent only if that transaction commits).
 */
export async function sendAccountMail(
  deps: Pick<AppDeps, 'config' | 'mailer'>,
  user: { id: number; email: string },
  kind: string,
  content: EmailContent,
  db?: Kysely<Database>,
): Promise<void> {
  const { html, text } = renderEmail(content, deps.config.productShortName);
  await deps.mailer.send(
    { to: user.email, subject: content.title, html, text, kind, userId: user.id },
    db,
  );
}
