import { randomUUID } from 'node:crypto';
import type { InsertObject } from 'kysely';
import type { Database } from '@scmp/db';
import { beforeAll, expect } from 'vitest';
import { retention, runDueJobs } from '@scmp/api';
import { ACCOUNT_RESTORE_DAYS } from '@scmp/api/contracts/privacy';
import { RETENTION_RULES, type RetentionRuleId } from '@scmp/api/contracts/retention';
import { giveActiveSubscription, testInvoiceRow } from '../../src/testing/billing-fixtures';
import type { TestHarness } from '../../src/testing/harness';
import { useHarness } from '../../src/testing/use-harness';
import { createWebhookRowForTest } from '../../src/testing/webhook-rows';
import { createOrganization } from '../../src/testing/organization-rows';

/** The retention suites' setup (retention*.test.ts): the school and the rows on both sides of each edge. */
export let h: TestHarness;
export type User = Awaited<ReturnType<TestHarness['createUser']>>;
export let owner: User;
export let orgId: number;
export let orgUuid: string;
export let subscriptionId: number;
export let instanceId: number;
export let endpointId: number;
export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

const ruleOf = (id: RetentionRuleId) => RETENTION_RULES.find((r) => r.id === id)!;
/** Just past the rule's edge (removed) and just inside it (kept), from the clock's now. */
function edges(id: RetentionRuleId) {
  const cutoff = retention.retentionCutoff(h.clock.now(), retention.effectivePeriod(h.deps, id));
  return { old: new Date(cutoff.getTime() - MIN), young: new Date(cutoff.getTime() + MIN) };
}

/** Plants into `table` one row just past the rule's edge (`old`) and one just inside it (`young`). */
async function plantAtEdges<T extends keyof Database & string>(
  rule: RetentionRuleId,
  table: T,
  row: (label: 'old' | 'young', at: Date) => InsertObject<Database, T>,
) {
  const { old, young } = edges(rule);
  await h.db
    .insertInto(table)
    .values([row('old', old), row('young', young)])
    .execute();
}

async function retentionRuns() {
  return h.db.selectFrom('retention_runs').selectAll().orderBy('id').execute();
}
/**
 * One server for the test file and Retention School (owner, live subscription, an instance, a
 * webhook endpoint), before its tests.
 */
export function useRetentionSchool() {
  useHarness((made) => (h = made));
  beforeAll(async () => {
    owner = await h.createUser({ verified: true });
    ({ uuid: orgUuid, id: orgId } = await createOrganization(h, owner.token, {
      name: 'Retention School',
      type: 'school',
      subdomain: 'retention',
    }));
    await giveActiveSubscription(h, owner.token, orgUuid);
    const inst = await h.rest('POST', '/instances', {
      token: owner.token,
      body: { organization_uuid: orgUuid, name: 'Main', subdomain: 'retention-main' },
    });
    expect(inst.status, inst.text).toBe(201);
    while ((await runDueJobs(h.deps)) > 0);
    subscriptionId = (
      await h.db
        .selectFrom('subscriptions')
        .select('id')
        .where('organization_id', '=', orgId)
        .executeTakeFirstOrThrow()
    ).id;
    instanceId = (
      await h.db
        .selectFrom('instances')
        .select('id')
        .where('uuid', '=', inst.body.data.uuid)
        .executeTakeFirstOrThrow()
    ).id;
    endpointId = (await createWebhookRowForTest(h, orgUuid, 'https://hooks.example.com/scmp')).id;
  });
  return { closedOrganization, edges, plantRows, retentionRuns, ruleOf };
}

/** An organization of the owner, closed (DELETE /organizations/{id}): its purge date is 60 days on. */
async function closedOrganization(name: string, subdomain: string): Promise<string> {
  const { uuid } = await createOrganization(h, owner.token, { name, type: 'school', subdomain });
  const closed = await h.rest('DELETE', `/organizations/${uuid}`, { token: owner.token });
  expect(closed.status, closed.text).toBe(200);
  return uuid;
}

/** Rows on both sides of every rule's edge; returns what to look for afterwards. */
async function plantRows() {
  const tag = randomUUID().slice(0, 8);
  const s = edges('sessions');
  const sessionRow = (label: string, lastActive: Date, expires: Date) => ({
    user_id: owner.id,
    token_hash: `retention-${tag}-${label}`,
    ip_address: '203.0.113.9',
    user_agent: 'RetentionTest',
    created_at: lastActive,
    last_active_at: lastActive,
    expires_at: expires,
  });
  const far = new Date(h.clock.now().getTime() + 60 * DAY);
  await h.db
    .insertInto('sessions')
    .values([
      sessionRow('idle-old', s.old, far),
      sessionRow('idle-young', s.young, far),
      // Active a minute ago but past its absolute limit.
      sessionRow(
        'expired',
        new Date(h.clock.now().getTime() - MIN),
        new Date(h.clock.now().getTime() - MIN),
      ),
    ])
    .execute();

  // Exports: the expiry is on the row (expires_at, 7 days after ready).
  const now = h.clock.now();
  const exportKey = (label: string) => `exports/retention-${tag}-${label}.zip`;
  for (const label of ['old', 'young'])
    await h.deps.storage.put(exportKey(label), Buffer.from('PK'));
  await h.db
    .insertInto('data_exports')
    .values(
      (['old', 'young'] as const).map((label) => ({
        user_id: owner.id,
        organization_id: null,
        status: 'ready' as const,
        storage_key: exportKey(label),
        size_bytes: 2,
        completed_at: now,
        expires_at: new Date(now.getTime() + (label === 'old' ? -MIN : MIN)),
      })),
    )
    .execute();

  const w = edges('webhook-deliveries');
  const eventIds: Record<string, string> = {};
  for (const [label, at] of [
    ['old', w.old],
    ['young', w.young],
  ] as const) {
    const event = await h.db
      .insertInto('webhook_events')
      .values({
        message_id: `msg_retention_${tag}_${label}`,
        organization_id: orgId,
        organization_uuid: orgUuid,
        organization_name: 'Retention School',
        type: 'organization.updated',
        object_uuid: null,
        data: JSON.stringify({ label }),
        body: null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    eventIds[label] = event.id;
    await h.db
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: endpointId,
        event_id: event.id,
        status: 'succeeded',
        attempts: 1,
        next_attempt_at: null,
        last_attempt_at: at,
        response_status: 200,
        response_body: 'ok',
        duration_ms: 5,
        error: null,
        created_at: at,
      })
      .execute();
  }

  const m = edges('mail-bodies');
  const mail = (label: string, at: Date, status: 'sent' | 'pending') => ({
    user_id: owner.id,
    kind: 'retention-test',
    to_address: owner.email,
    subject: `Retention ${tag} ${label}`,
    html: `<p>body ${label}</p>`,
    text: `body ${label}`,
    status,
    next_attempt_at: at,
    created_at: at,
  });
  await h.db
    .insertInto('mail_outbox')
    .values([
      mail('old', m.old, 'sent'),
      mail('young', m.young, 'sent'),
      mail('old-pending', m.old, 'pending'),
    ])
    .execute();

  await plantAtEdges('health-checks', 'instance_health_checks', (_, at) => ({
    instance_id: instanceId,
    checked_at: at,
    healthy: true,
    status_code: 200,
    response_ms: 12,
    detail: null,
  }));
  await plantAtEdges('idempotency-keys', 'idempotent_requests', (label, at) => ({
    user_id: owner.id,
    key: `retention-${tag}-${label}`,
    fingerprint: 'f',
    status: 200,
    response: '{}',
    created_at: at,
  }));

  // Deleted accounts: the 30 days are on the row (purge_after).
  const gone = await h.createUser({ verified: true, name: `Gone Person ${tag}` });
  const waiting = await h.createUser({ verified: true, name: `Waiting Person ${tag}` });
  for (const [u, purgeAfter] of [
    [gone, new Date(now.getTime() - MIN)],
    [waiting, new Date(now.getTime() + MIN)],
  ] as const) {
    await h.db
      .insertInto('account_deletions')
      .values({
        user_id: u.id,
        email: u.email,
        restore_token_hash: null,
        deleted_at: new Date(purgeAfter.getTime() - ACCOUNT_RESTORE_DAYS * DAY),
        purge_after: purgeAfter,
      })
      .execute();
  }

  await plantAtEdges('invoices', 'invoices', (label, at) =>
    testInvoiceRow({
      number: `RET-${tag}-${label}`,
      subscription_id: subscriptionId,
      organization_id: orgId,
      description: 'Retention test invoice',
      status: 'paid',
      total_pence: 1000,
      paid_at: at,
      created_at: at,
    }),
  );
  await plantAtEdges('activity-log', 'activity_events', (label, at) => ({
    user_id: owner.id,
    type: 'security' as const,
    action: `retention.${tag}.${label}`,
    description: 'Retention test',
    severity: 'info' as const,
    ip_address: '203.0.113.9',
    user_agent: 'RetentionTest',
    device: null,
    location: null,
    created_at: at,
  }));

  return { tag, exportKey, eventIds, gone, waiting };
}
