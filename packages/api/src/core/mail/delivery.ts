import type { Transporter } from 'nodemailer';
import { loadNodemailer } from '../lazy-module';
import { sql } from 'kysely';
import type { AppDeps } from '../app-deps';

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
/** A send is not started this close to the end of the lease. */
const LEASE_MARGIN_SECONDS = 30;
/** How often recording a sent message is tried before giving up (0.5 s apart). */
const MARK_SENT_TRIES = 20;

export type MailTransport = Pick<Transporter, 'sendMail'>;

let cached: { url: string; transport: MailTransport } | undefined;

async function transportFor(smtpUrl: string): Promise<MailTransport> {
  if (cached?.url !== smtpUrl) {
    const nodemailer = await loadNodemailer();
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
 * the rows are marked stored and their links are logged. Returns how many rows were handled
 * (tried, or stored); fewer than a batch means nothing more is due or the server is unreachable.
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
      RETURNING id, to_address, subject`.execute(deps.db);
    for (const mail of stored.rows) {
      // The links carry secrets (reset tokens, verification signatures): the log names the
      // message and where to read it, never the links themselves.
      deps.logger.info(
        { mailId: mail.id, to: mail.to_address, subject: mail.subject },
        `mail stored (no SMTP): "${mail.subject}" to ${mail.to_address}; read it at ${deps.config.appUrl}/dev/mail`,
      );
    }
    return stored.rows.length;
  }

  const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000);
  const claimed = await sql<ClaimedMail>`
    UPDATE mail_outbox SET next_attempt_at = ${leaseUntil}, attempts = attempts + 1, last_error = NULL
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE status = 'pending' AND next_attempt_at <= ${now}
      ORDER BY id LIMIT ${BATCH_SIZE}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, uuid, to_address, subject, html, text, attempts`.execute(deps.db);
  const sender = transport ?? (await transportFor(smtpUrl!));
  const rows = claimed.rows;
  let serverIsBack = false;
  let tried = 0;
  for (let i = 0; i < rows.length; i++) {
    const mail = rows[i]!;
    // Never send after the lease ran out: another worker may have claimed the row by then.
    if (deps.clock.now().getTime() > leaseUntil.getTime() - LEASE_MARGIN_SECONDS * 1000) {
      await releaseClaims(deps, rows.slice(i), deps.clock.now());
      break;
    }
    tried += 1;
    try {
      await sender.sendMail({
        from: deps.config.mail.from,
        to: mail.to_address,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: `<${mail.uuid}@${new URL(deps.config.appUrl).hostname}>`,
      });
    } catch (error) {
      const retryAt = await recordFailure(deps, mail, error);
      if (isConnectionError(error)) {
        // The server cannot be reached: the rest of the batch waits with this message instead
        // of each failing in turn (their attempt is not counted).
        await releaseClaims(deps, rows.slice(i + 1), retryAt, errorText(error));
        break;
      }
      continue;
    }
    await markSent(deps, mail.id);
    if (!serverIsBack) {
      serverIsBack = true;
      await bringRetriesForward(deps);
    }
  }
  return tried;
}

/** Connection-level failures (refused, timed out, dropped) as opposed to a refused message. */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET'].includes(code)
  );
}

async function recordFailure(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger'>,
  mail: ClaimedMail,
  error: unknown,
): Promise<Date> {
  const message = errorText(error);
  const giveUp = mail.attempts >= MAX_ATTEMPTS;
  deps.logger.warn(
    { mailId: mail.id, attempts: mail.attempts, err: message },
    giveUp ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
  );
  const retryAt = new Date(deps.clock.now().getTime() + retryDelaySeconds(mail.attempts) * 1000);
  await deps.db
    .updateTable('mail_outbox')
    .set({
      status: giveUp ? 'failed' : 'pending',
      last_error: message,
      next_attempt_at: retryAt,
    })
    .where('id', '=', mail.id)
    .execute();
  return retryAt;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** Gives claimed rows back untried: their attempt is undone and they become due at `at`. */
async function releaseClaims(
  deps: Pick<AppDeps, 'db'>,
  rows: ClaimedMail[],
  at: Date,
  lastError: string | null = null,
): Promise<void> {
  if (rows.length === 0) return;
  await deps.db
    .updateTable('mail_outbox')
    .set((eb) => ({
      attempts: eb('attempts', '-', 1),
      next_attempt_at: at,
      last_error: lastError,
    }))
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .where('status', '=', 'pending')
    .execute();
}

/**
 * The message went out: record it. A database blip at this moment would leave the row pending
 * and the message would be sent again once the lease ends, so the update is retried for a while.
 */
async function markSent(deps: Pick<AppDeps, 'db' | 'clock' | 'logger'>, id: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: deps.clock.now(), last_error: null })
        .where('id', '=', id)
        .execute();
      return;
    } catch (error) {
      if (attempt >= MARK_SENT_TRIES) {
        deps.logger.error({ mailId: id, err: error }, 'mail sent but not recorded as sent');
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * A message went through, so the mail server is back: messages still waiting out their backoff
 * (last_error set) become due now instead of up to an hour later. Rows under a lease have
 * last_error cleared by the claim, so a message being sent elsewhere is never made due twice.
 */
async function bringRetriesForward(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  await deps.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: now })
    .where('status', '=', 'pending')
    .where('attempts', '>', 0)
    .where('last_error', 'is not', null)
    .where('next_attempt_at', '>', now)
    .execute();
}

/** The worker's periodic task (pushed onto periodicTasks in src/job-runner.ts). */
export const mailDeliveryTask = {
  name: 'mail-delivery',
  everyMs: 1000,
  run: async (deps: AppDeps) => {
    while ((await deliverPendingMail(deps)) >= BATCH_SIZE) {
      /* drain a backlog */
    }
  },
};
