import { sql } from 'kysely';
import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_TEXTS,
} from '../../contracts/webhooks';
import type { AppDeps } from '../../core/app-deps';
import { enqueueJob } from '../../core/jobs/queue';
import { organizationOwner, sendOrganizationNotice } from '../memberships';
import { decryptSecret, encryptSecret } from '../../core/crypto';
import { fixedBodyOf } from './render';
import { sendWebhook } from './send';
import { webhookHeaders } from './signing';
import type { TargetPolicy } from './target-policy';

export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';
export const WEBHOOK_SECRET_PURPOSE = 'scmp:webhooks:secret';

/** Signing secrets are kept encrypted with a key derived from the app key for this purpose. */
export function encryptWebhookSecret(appKey: string, secret: string): string {
  return encryptSecret(appKey, secret, WEBHOOK_SECRET_PURPOSE);
}

export function targetPolicyOf(deps: Pick<AppDeps, 'config'>): TargetPolicy {
  return { strict: deps.config.appEnv === 'production' };
}

/** Queues attempt `attempt` of a delivery (one job per attempt, so a retry is its own job). */
export async function enqueueAttempt(
  db: AppDeps['db'],
  deliveryId: string | number,
  attempt: number,
  runAt: Date,
) {
  await enqueueJob(db, {
    type: WEBHOOK_DELIVER_JOB,
    payload: { deliveryId: Number(deliveryId), attempt },
    runAt,
    uniqueKey: `webhook-delivery:${deliveryId}:${attempt}`,
    maxAttempts: 3,
  });
}

function attemptOf(payload: Record<string, unknown>) {
  const deliveryId = Number(payload.deliveryId);
  const attempt = Number(payload.attempt ?? 1);
  if (!Number.isInteger(deliveryId) || deliveryId <= 0 || !Number.isInteger(attempt))
    throw new Error('webhook job without deliveryId');
  return { deliveryId, attempt };
}

/**
 * One attempt of one delivery (the job queue's claim, FOR UPDATE SKIP LOCKED, means one process
 * runs it). A 2xx answer succeeds; anything else, a timeout or a refused target schedules the next
 * attempt after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up. An endpoint that has
 * not had one success for 3 days is disabled and its owner told by e-mail. A process that dies
 * mid-attempt leaves the job to be taken again after its lease: the receiver may see the event
 * twice, with the same webhook-id to recognise it.
 */
export async function runDeliveryJob(deps: AppDeps, payload: Record<string, unknown>) {
  const { deliveryId, attempt } = attemptOf(payload);
  const row = await deps.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .selectAll('ev')
    .select([
      'd.status as delivery_status',
      'd.attempts as delivery_attempts',
      'd.endpoint_id',
      'e.url',
      'e.secret_encrypted',
      'e.enabled',
    ])
    .where('d.id', '=', String(deliveryId))
    .executeTakeFirst();
  if (!row) return;
  if (row.delivery_status === 'succeeded' || row.delivery_status === 'failed') return;
  if (row.delivery_attempts !== attempt - 1) return; // an attempt that already ran
  if (!row.enabled) {
    await deps.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null, error: 'Webhook disabled' })
      .where('id', '=', String(deliveryId))
      .execute();
    return;
  }

  const body = await fixedBodyOf(deps, row);
  const secret = decryptSecret(deps.config.appKey, row.secret_encrypted, WEBHOOK_SECRET_PURPOSE);
  const now = deps.clock.now();
  const outcome = await sendWebhook(
    row.url,
    webhookHeaders(secret, row.message_id, now, body),
    body,
    { policy: targetPolicyOf(deps), timeoutMs: deps.config.webhooks?.timeoutMs },
  );
  const result = {
    attempts: attempt,
    last_attempt_at: now,
    response_status: outcome.status,
    response_body: outcome.body,
    duration_ms: outcome.durationMs,
    error: outcome.error,
  };

  if (outcome.ok) {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...result, status: 'succeeded', next_attempt_at: null })
        .where('id', '=', String(deliveryId))
        .execute();
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', row.endpoint_id)
        .where('failing_since', 'is not', null)
        .execute();
    });
    return;
  }

  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attempt - 1];
  const nextAt = delay === undefined ? null : new Date(now.getTime() + delay * 1000);
  const disabledOwner = await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_deliveries')
      .set({ ...result, status: nextAt ? 'retrying' : 'failed', next_attempt_at: nextAt })
      .where('id', '=', String(deliveryId))
      .execute();
    if (nextAt) await enqueueAttempt(trx, deliveryId, attempt + 1, nextAt);
    const endpoint = await trx
      .updateTable('webhook_endpoints')
      .set({ failing_since: sql`coalesce(failing_since, ${now}::timestamptz)` })
      .where('id', '=', row.endpoint_id)
      .returning(['id', 'uuid', 'url', 'failing_since', 'organization_id'])
      .executeTakeFirstOrThrow();
    const failingFor = now.getTime() - (endpoint.failing_since ?? now).getTime();
    if (failingFor < WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000) return null;
    return disableEndpoint(trx, endpoint, now);
  });
  if (disabledOwner) await mailDisabled(deps, disabledOwner);
}

type DisabledNotice = {
  owner: { id: number; email: string; name: string };
  url: string;
  organization: { id: number; uuid: string; name: string };
};

async function disableEndpoint(
  trx: AppDeps['db'],
  endpoint: { id: number; url: string; organization_id: number },
  now: Date,
): Promise<DisabledNotice | null> {
  await trx
    .updateTable('webhook_endpoints')
    .set({
      enabled: false,
      disabled_reason: WEBHOOK_TEXTS.disabled(WEBHOOK_DISABLE_AFTER_DAYS),
      updated_at: now,
    })
    .where('id', '=', endpoint.id)
    .execute();
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, error: 'Webhook disabled' })
    .where('endpoint_id', '=', endpoint.id)
    .where('status', 'in', ['pending', 'retrying'])
    .execute();
  const owner = await organizationOwner(trx, endpoint.organization_id);
  if (!owner) return null;
  return {
    owner: { id: owner.id, email: owner.email, name: owner.name },
    url: endpoint.url,
    organization: {
      id: endpoint.organization_id,
      uuid: owner.organization_uuid,
      name: owner.organization_name,
    },
  };
}

async function mailDisabled(deps: AppDeps, notice: DisabledNotice) {
  await sendOrganizationNotice(deps, notice.organization.id, notice.owner, {
    kind: 'webhook-disabled',
    subject: 'A webhook was disabled after repeated failures',
    paragraphs: [
      `Deliveries to the webhook ${notice.url} of "${notice.organization.name}" have failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days, so it has been disabled and no more events will be sent to it.`,
      'Fix the receiver, then enable the webhook again.',
    ],
    action: {
      label: 'See the webhooks',
      url: `${deps.config.appUrl}/dashboard/organizations/${notice.organization.uuid}?tab=webhooks`,
    },
  });
}

/** Registered in src/job-handlers.ts. */
export const webhookJobHandlers = { [WEBHOOK_DELIVER_JOB]: runDeliveryJob };
