import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import { systemClock, type Clock } from '../clock';

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What kind of message this is (verify-email, password-reset, ticket-reply, …). */
  kind: string;
  userId?: number | null;
};

export type Mailer = {
  /** Stores the message in the durable outbox; the background worker delivers it. */
  send: (mail: OutgoingMail, db?: Kysely<Database>) => Promise<void>;
};

/** The clock stamps created_at and the first delivery time (tests control it). */
export function createOutboxMailer(db: Kysely<Database>, clock: Clock = systemClock): Mailer {
  return {
    async send(mail, trx) {
      const now = clock.now();
      await (trx ?? db)
        .insertInto('mail_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          kind: mail.kind,
          user_id: mail.userId ?? null,
          created_at: now,
          next_attempt_at: now,
        })
        .execute();
    },
  };
}
