import { sql, type Selectable } from 'kysely';
import type { WebhookDeliveryStatus, WebhookEndpointsTable } from '@scmp/db';
import type { Context } from '../../request-context';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_PING_EVENT,
  WEBHOOK_TEXTS,
  type WebhookEventType,
} from '../../contracts/webhooks';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { decodeCursor, encodeCursor, type Page } from '../../lib/keyset-page';
import { recordActivity } from '../activity/record-activity';
import { findMemberOrganization, type MemberOrganization } from '../organizations/membership';
import { isUuid, toIso } from '../organizations/shared';
import { encryptWebhookSecret, enqueueAttempt, targetPolicyOf } from './deliver';
import { generateWebhookSecret } from './signing';
import { WebhookTargetError, hostOf, parseWebhookUrl, vettedAddresses } from './target-policy';

type Req = Pick<Context['req'], 'ip' | 'userAgent'>;
type Actor = { id: number };
type EndpointRow = Selectable<WebhookEndpointsTable>;

export type WebhookOutput = {
  uuid: string;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
};

export type WebhookDeliveryOutput = {
  uuid: string;
  event_id: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  error: string | null;
  next_retry_at: string | null;
  last_attempt_at: string | null;
  created_at: string;
};

function toOutput(row: EndpointRow): WebhookOutput {
  return {
    uuid: row.uuid,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    failing_since: toIso(row.failing_since),
    created_at: toIso(row.created_at) ?? '',
    updated_at: toIso(row.updated_at) ?? '',
  };
}

/** Webhooks are managed by those who manage the organization (owner and admins). */
async function organizationOf(deps: AppDeps, actor: Actor, organizationUuid: string) {
  return findMemberOrganization(deps.db, actor.id, organizationUuid, 'manage');
}

async function findEndpoint(deps: AppDeps, org: MemberOrganization, uuid: string) {
  const row = isUuid(uuid)
    ? await deps.db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('organization_id', '=', org.id)
        .where('uuid', '=', uuid)
        .where('retired_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_TEXTS.notFound);
  return row;
}

/** The URL checked against the target policy, as a 422 on the `url` field when refused. */
async function checkedUrl(deps: AppDeps, raw: string): Promise<string> {
  const policy = targetPolicyOf(deps);
  try {
    const url = parseWebhookUrl(raw, policy);
    if (policy.strict) await vettedAddresses(hostOf(url), policy);
    return url.toString();
  } catch (error) {
    if (!(error instanceof WebhookTargetError)) throw error;
    throw new AppError('VALIDATION_ERROR', error.message, { errors: { url: [error.message] } });
  }
}

export async function listWebhooks(deps: AppDeps, actor: Actor, organizationUuid: string) {
  const org = await organizationOf(deps, actor, organizationUuid);
  const rows = await deps.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('organization_id', '=', org.id)
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toOutput);
}

export async function getWebhook(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
) {
  const org = await organizationOf(deps, actor, organizationUuid);
  return toOutput(await findEndpoint(deps, org, uuid));
}

export type WebhookInput = {
  url: string;
  events: WebhookEventType[];
  description?: string | null | undefined;
};

/** Creates an endpoint; the signing secret is returned this once and kept encrypted. */
export async function createWebhook(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  input: WebhookInput,
): Promise<WebhookOutput & { secret: string }> {
  const org = await organizationOf(deps, actor, organizationUuid);
  const url = await checkedUrl(deps, input.url);
  const secret = generateWebhookSecret();
  const row = await deps.db.transaction().execute(async (trx) => {
    // Serialise creations per organization so the limit holds under concurrent requests.
    await sql`SELECT pg_advisory_xact_lock(${org.id}, 22)`.execute(trx);
    const count = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('organization_id', '=', org.id)
      .where('retired_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= MAX_WEBHOOK_ENDPOINTS)
      throw new AppError('CONFLICT', WEBHOOK_TEXTS.tooMany);
    const inserted = await trx
      .insertInto('webhook_endpoints')
      .values({
        organization_id: org.id,
        url,
        description: input.description?.trim() || null,
        events: JSON.stringify([...new Set(input.events)]),
        secret_encrypted: encryptWebhookSecret(deps.config.appKey, secret),
        disabled_reason: null,
        failing_since: null,
        retired_at: null,
        created_by: actor.id,
        created_at: deps.clock.now(),
        updated_at: deps.clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(
      deps,
      req,
      {
        userId: actor.id,
        type: 'organization',
        action: 'webhook.created',
        description: `Added the webhook ${url} to "${org.name}"`,
        severity: 'medium',
      },
      trx,
    );
    return inserted;
  });
  return { ...toOutput(row), secret };
}

export async function updateWebhook(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
  input: Partial<WebhookInput> & { enabled?: boolean | undefined },
): Promise<WebhookOutput> {
  const org = await organizationOf(deps, actor, organizationUuid);
  const current = await findEndpoint(deps, org, uuid);
  const url = input.url !== undefined ? await checkedUrl(deps, input.url) : undefined;
  const row = await deps.db
    .updateTable('webhook_endpoints')
    .set({
      ...(url !== undefined ? { url } : {}),
      ...(input.events !== undefined ? { events: JSON.stringify([...new Set(input.events)]) } : {}),
      ...(input.description !== undefined
        ? { description: input.description?.trim() || null }
        : {}),
      // Enabling again starts a fresh failure window.
      ...(input.enabled === true
        ? { enabled: true, disabled_reason: null, failing_since: null }
        : {}),
      ...(input.enabled === false ? { enabled: false, disabled_reason: null } : {}),
      updated_at: deps.clock.now(),
    })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordActivity(deps, req, {
    userId: actor.id,
    type: 'organization',
    action: 'webhook.updated',
    description: `Updated the webhook ${row.url} of "${org.name}"`,
  });
  return toOutput(row);
}

export async function deleteWebhook(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
): Promise<void> {
  const org = await organizationOf(deps, actor, organizationUuid);
  const current = await findEndpoint(deps, org, uuid);
  await deps.db.transaction().execute(async (trx) => {
    // Its deliveries (and their pending attempts, which then find nothing) go with it.
    await trx.deleteFrom('webhook_endpoints').where('id', '=', current.id).execute();
    await recordActivity(
      deps,
      req,
      {
        userId: actor.id,
        type: 'organization',
        action: 'webhook.deleted',
        description: `Deleted the webhook ${current.url} of "${org.name}"`,
        severity: 'medium',
      },
      trx,
    );
  });
}

/** Sends a `ping` event to this endpoint only (whatever events it listens for). */
export async function sendTestEvent(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
): Promise<WebhookDeliveryOutput> {
  const org = await organizationOf(deps, actor, organizationUuid);
  const endpoint = await findEndpoint(deps, org, uuid);
  const now = deps.clock.now();
  const deliveryId = await deps.db.transaction().execute(async (trx) => {
    const event = await trx
      .insertInto('webhook_events')
      .values({
        message_id: `msg_${crypto.randomUUID().replaceAll('-', '')}`,
        organization_id: org.id,
        organization_uuid: org.uuid,
        organization_name: org.name,
        type: WEBHOOK_PING_EVENT,
        object_uuid: null,
        data: JSON.stringify({ webhook: { uuid: endpoint.uuid, url: endpoint.url } }),
        body: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const delivery = await trx
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: endpoint.id,
        event_id: event.id,
        next_attempt_at: now,
        response_status: null,
        response_body: null,
        duration_ms: null,
        error: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueAttempt(trx, delivery.id, 1, now);
    return delivery.id;
  });
  return deliveryOutput(deps, deliveryId);
}

function deliveriesQuery(deps: AppDeps) {
  return deps.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .select([
      'd.id',
      'd.uuid',
      'd.status',
      'd.attempts',
      'd.response_status',
      'd.response_body',
      'd.duration_ms',
      'd.error',
      'd.next_attempt_at',
      'd.last_attempt_at',
      'd.created_at',
      'ev.message_id',
      'ev.type',
    ]);
}

type DeliveryRow = Awaited<
  ReturnType<ReturnType<typeof deliveriesQuery>['executeTakeFirstOrThrow']>
>;

function deliveryToOutput(row: DeliveryRow): WebhookDeliveryOutput {
  return {
    uuid: row.uuid,
    event_id: row.message_id,
    event: row.type,
    status: row.status,
    attempts: row.attempts,
    response_status: row.response_status,
    response_body: row.response_body,
    duration_ms: row.duration_ms,
    error: row.error,
    next_retry_at: toIso(row.next_attempt_at),
    last_attempt_at: toIso(row.last_attempt_at),
    created_at: toIso(row.created_at) ?? '',
  };
}

async function deliveryOutput(deps: AppDeps, id: string) {
  return deliveryToOutput(
    await deliveriesQuery(deps).where('d.id', '=', id).executeTakeFirstOrThrow(),
  );
}

/** An endpoint's deliveries, newest first, in keyset pages. */
export async function listDeliveries(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<WebhookDeliveryOutput>> {
  const org = await organizationOf(deps, actor, organizationUuid);
  const endpoint = await findEndpoint(deps, org, uuid);
  let query = deliveriesQuery(deps)
    .where('d.endpoint_id', '=', endpoint.id)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(page.limit + 1);
  if (page.cursor) {
    const cursor = decodeCursor(page.cursor);
    if (!cursor) throw new AppError('VALIDATION_ERROR', 'The cursor is invalid.');
    query = query.where(
      sql<boolean>`(d.created_at, d.id) < (${cursor.at}, ${String(cursor.id)}::bigint)`,
    );
  }
  const rows = await query.execute();
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  return {
    items: items.map(deliveryToOutput),
    next_cursor:
      rows.length > page.limit && last
        ? encodeCursor(new Date(last.created_at), Number(last.id))
        : null,
  };
}

/** Sends an event to the endpoint again as a new delivery with the same webhook-id. */
export async function redeliver(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
  deliveryUuid: string,
): Promise<WebhookDeliveryOutput> {
  const org = await organizationOf(deps, actor, organizationUuid);
  const endpoint = await findEndpoint(deps, org, uuid);
  const original = isUuid(deliveryUuid)
    ? await deps.db
        .selectFrom('webhook_deliveries')
        .select(['event_id'])
        .where('uuid', '=', deliveryUuid)
        .where('endpoint_id', '=', endpoint.id)
        .executeTakeFirst()
    : undefined;
  if (!original) throw new AppError('NOT_FOUND', WEBHOOK_TEXTS.deliveryNotFound);
  const now = deps.clock.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    const delivery = await trx
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: endpoint.id,
        event_id: original.event_id,
        next_attempt_at: now,
        response_status: null,
        response_body: null,
        duration_ms: null,
        error: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueAttempt(trx, delivery.id, 1, now);
    return delivery.id;
  });
  return deliveryOutput(deps, id);
}
