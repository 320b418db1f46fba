import { sql, type Selectable } from 'kysely';
import type { WebhookEndpointsTable } from '@scmp/db';
import type { ClientInfo } from '../../core/client-info';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEXTS,
  type WebhookEventType,
} from '../../contracts/webhooks';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { recordOrganizationActivity } from '../activity';
import { assertNotClosing, findMemberOrganization, managedRowFinder } from '../memberships';
import { isoDated, pickKeys } from '../../core/output-rows';
import { encryptWebhookSecret, targetPolicyOf } from './deliver';
import { generateWebhookSecret } from './signing';
import { WebhookTargetError, hostOf, parseWebhookUrl, vettedAddresses } from './target-policy';

import { webhookOutput, type CreatedWebhookOutput, type WebhookOutput } from './webhook-schema';
import { countRows } from '../../core/matching-rows';

type Req = ClientInfo;
type Actor = { id: number };
type EndpointRow = Selectable<WebhookEndpointsTable>;

/** An endpoint as the API shows it: the columns webhookOutput names, dates as ISO strings. */
function toOutput(row: EndpointRow): WebhookOutput {
  return isoDated(pickKeys(row, webhookOutput.keyof().options));
}

/** Webhooks are managed by those who manage the organization (owner and admins). */
export async function organizationOf(deps: AppDeps, actor: Actor, organizationUuid: string) {
  return findMemberOrganization(deps.db, actor.id, organizationUuid, 'manage');
}

const webhookOf = managedRowFinder('webhook_endpoints', WEBHOOK_TEXTS.notFound);

/** The organization the caller manages and its live webhook `uuid`; a retired one is 404 too. */
export async function endpointOf(...call: Parameters<typeof webhookOf>) {
  const { org, row } = await webhookOf(...call);
  if (row.retired_at) throw new AppError('NOT_FOUND', WEBHOOK_TEXTS.notFound);
  return { org, endpoint: row };
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
  const { endpoint } = await endpointOf(deps, actor, organizationUuid, uuid);
  return toOutput(endpoint);
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
): Promise<CreatedWebhookOutput> {
  const org = await organizationOf(deps, actor, organizationUuid);
  assertNotClosing(org);
  const url = await checkedUrl(deps, input.url);
  const secret = generateWebhookSecret();
  const row = await deps.db.transaction().execute(async (trx) => {
    // Serialise creations per organization so the limit holds under concurrent requests.
    await sql`SELECT pg_advisory_xact_lock(${org.id}, 22)`.execute(trx);
    const live = await countRows(
      trx
        .selectFrom('webhook_endpoints')
        .where('organization_id', '=', org.id)
        .where('retired_at', 'is', null),
    );
    if (live >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('CONFLICT', WEBHOOK_TEXTS.tooMany);
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
    await recordOrganizationActivity(deps, req, trx, actor.id, {
      action: 'webhook.created',
      description: `Added the webhook ${url} to "${org.name}"`,
      severity: 'medium',
    });
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
  const { org, endpoint: current } = await endpointOf(deps, actor, organizationUuid, uuid);
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
  await recordOrganizationActivity(deps, req, deps.db, actor.id, {
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
  const { org, endpoint: current } = await endpointOf(deps, actor, organizationUuid, uuid);
  await deps.db.transaction().execute(async (trx) => {
    // Its deliveries (and their pending attempts, which then find nothing) go with it.
    await trx.deleteFrom('webhook_endpoints').where('id', '=', current.id).execute();
    await recordOrganizationActivity(deps, req, trx, actor.id, {
      action: 'webhook.deleted',
      description: `Deleted the webhook ${current.url} of "${org.name}"`,
      severity: 'medium',
    });
  });
}
