import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps';

/**
 * Delivery of the durable outbox (mail_outbox). Status of a row:
 * - pending: waiting to be sent (or to be retried at next_attempt_at)
 * - sent:    accepted by the SMTP server
 * - stored:  no SMTP configured; kept in the outbox and shown at /dev/mail (and in the log)
 * - failed:  the SMTP server refused it MAX_ATTEMPTS times; the row is kept
 */
export const MAIL_STATUS_TEXT = {
  pending: 'Queued',
  sent: 'Sent',
  stored: 'Stored (no mail server configured)',
  failed: 'Failed',
} as const;

const BATCH_SIZE = 20;
/** A claimed row is invisible to other workers this long; sending must finish well within it. */
const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 20;

export type MailTransport = Pick<Transporter, 'sendMail'>;

let cached: { url: string; transport: MailTransport } | undefined;

function transportFor(smtpUrl: string): MailTransport {
  if (cached?.url !== smtpUrl) {
    cached = {
      url: smtpUrl,
      transport: nodemailer.createTransport(smtpUrl, {
        connectionTimeout: 20_000,
        greetingTimeout: 20_000,
        socketTimeout: 60_000,
      }),
    };
  }
  return cached.transport;
}

/** Seconds until the next try after `attempts` failed tries: 10 s, 20 s, 40 s … capped at 1 hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

export function linksOf(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
  return [...new Set(found.map((url) => url.replace(/[.,;:!?]+$/, '')))];
}

type ClaimedMail = {
  id: number;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  uuid: string;
  attempts: number;
};

/**
 * One round of delivery. Due rows are claimed with FOR UPDATE SKIP LOCKED plus a lease, so two
 * processes never send the same message; a failure schedules a retry with backoff. Without SMTP
 * the rows are marked stored and their links are logged. Returns how many rows were handled.
 */
export async function deliverPendingMail(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>,
  transport?: MailTransport,
): Promise<number> {
  const now = deps.clock.now();
  const smtpUrl = deps.config.mail.smtpUrl;
  if (!smtpUrl && !transport) {
    const stored = await sql<{ id: number; to_address: string; subject: string; text: string }>`
      UPDATE mail_outbox SET status = 'stored'
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE status = 'pending' AND next_attempt_at <= ${now}
        ORDER BY id LIMIT ${BATCH_SIZE}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, to_address, subject, text`.execute(deps.db);
    for (const mail of stored.rows) {
      deps.logger.info(
        { mailId: mail.id, to: mail.to_address, subject: mail.subject, links: linksOf(mail.text) },
        `mail stored (no SMTP): "${mail.subject}" to ${mail.to_address} ${linksOf(mail.text).join(' ')}`,
      );
    }
    return stored.rows.length;
  }

  const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000);
  const claimed = await sql<ClaimedMail>`
    UPDATE mail_outbox SET next_attempt_at = ${leaseUntil}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE status = 'pending' AND next_attempt_at <= ${now}
      ORDER BY id LIMIT ${BATCH_SIZE}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, uuid, to_address, subject, html, text, attempts`.execute(deps.db);
  const sender = transport ?? transportFor(smtpUrl!);
  for (const mail of claimed.rows) {
    try {
      await sender.sendMail({
        from: deps.config.mail.from,
        to: mail.to_address,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: `<${mail.uuid}@${new URL(deps.config.appUrl).hostname}>`,
      });
      await deps.db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: deps.clock.now(), last_error: null })
        .where('id', '=', mail.id)
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = mail.attempts >= MAX_ATTEMPTS;
      deps.logger.warn(
        { mailId: mail.id, attempts: mail.attempts, err: message },
        giveUp ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
      );
      await deps.db
        .updateTable('mail_outbox')
        .set({
          status: giveUp ? 'failed' : 'pending',
          last_error: message.slice(0, 1000),
          next_attempt_at: new Date(
            deps.clock.now().getTime() + retryDelaySeconds(mail.attempts) * 1000,
          ),
        })
        .where('id', '=', mail.id)
        .execute();
    }
  }
  return claimed.rows.length;
}

/** The worker's periodic task (pushed onto periodicTasks in services/jobs/worker.ts). */
export const mailDeliveryTask = {
  name: 'mail-delivery',
  everyMs: 1000,
  run: async (deps: AppDeps) => {
    while ((await deliverPendingMail(deps)) >= BATCH_SIZE) {
      /* drain a backlog */
    }
  },
};
