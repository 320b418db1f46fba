import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retention, runDueJobs } from '@scmp/api';
import { ACCOUNT_RESTORE_DAYS, DATA_EXPORT_EXPIRY_DAYS } from '@scmp/api/contracts/privacy';
import {
  RETENTION_RULE_IDS,
  RETENTION_RULES,
  RETENTION_TEXTS,
  retentionMarkdownTable,
  type RetentionRuleId,
} from '@scmp/api/contracts/retention';
import { giveActiveSubscription, testInvoiceRow } from '../src/testing/billing-fixtures';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';
import { createWebhookRowForTest } from '../src/testing/webhook-rows';
import { organizationId } from '../src/testing/organization-rows';

/**
 * Retention that runs by itself (issue 38): one hourly job on the durable queue (claimed with
 * SKIP LOCKED) applies every rule of contracts/retention.ts. On the test clock each rule gets a
 * row just past its edge (removed) and one just inside it (kept); two workers racing run the job
 * once; a failing rule records a failed run, e-mails the operators and the job retries with
 * backoff; the staff console's GET /staff/retention is staff only; docs/privacy.md shows the rules.
 */
let h: TestHarness;
type User = Awaited<ReturnType<TestHarness['createUser']>>;
let owner: User;
let orgId: number;
let orgUuid: string;
let subscriptionId: number;
let instanceId: number;
let endpointId: number;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const ruleOf = (id: RetentionRuleId) => RETENTION_RULES.find((r) => r.id === id)!;
/** Just past the rule's edge (removed) and just inside it (kept), from the clock's now. */
function edges(id: RetentionRuleId) {
  const cutoff = retention.retentionCutoff(h.clock.now(), retention.effectivePeriod(h.deps, id));
  return { old: new Date(cutoff.getTime() - MIN), young: new Date(cutoff.getTime() + MIN) };
}

async function retentionRuns() {
  return h.db.selectFrom('retention_runs').selectAll().orderBy('id').execute();
}

beforeAll(async () => {
  h = await createHarness();
  owner = await h.createUser({ verified: true });
  const org = await h.rest('POST', '/organizations', {
    token: owner.token,
    body: { name: 'Retention School', type: 'school', subdomain: 'retention' },
  });
  expect(org.status, org.text).toBe(201);
  orgUuid = org.body.data.uuid;
  await giveActiveSubscription(h, owner.token, orgUuid);
  const inst = await h.rest('POST', '/instances', {
    token: owner.token,
    body: { organization_uuid: orgUuid, name: 'Main', subdomain: 'retention-main' },
  });
  expect(inst.status, inst.text).toBe(201);
  while ((await runDueJobs(h.deps)) > 0);
  orgId = await organizationId(h.db, orgUuid);
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
afterAll(() => h?.close());

/** An organization of the owner, closed (DELETE /organizations/{id}): its purge date is 60 days on. */
async function closedOrganization(name: string, subdomain: string): Promise<string> {
  const created = await h.rest('POST', '/organizations', {
    token: owner.token,
    body: { name, type: 'school', subdomain },
  });
  expect(created.status, created.text).toBe(201);
  const uuid = created.body.data.uuid as string;
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

  const c = edges('health-checks');
  await h.db
    .insertInto('instance_health_checks')
    .values(
      [c.old, c.young].map((at) => ({
        instance_id: instanceId,
        checked_at: at,
        healthy: true,
        status_code: 200,
        response_ms: 12,
        detail: null,
      })),
    )
    .execute();

  const i = edges('idempotency-keys');
  await h.db
    .insertInto('idempotent_requests')
    .values(
      [
        ['old', i.old],
        ['young', i.young],
      ].map(([label, at]) => ({
        user_id: owner.id,
        key: `retention-${tag}-${label as string}`,
        fingerprint: 'f',
        status: 200,
        response: '{}',
        created_at: at as Date,
      })),
    )
    .execute();

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

  const v = edges('invoices');
  await h.db
    .insertInto('invoices')
    .values(
      (['old', 'young'] as const).map((label) =>
        testInvoiceRow({
          number: `RET-${tag}-${label}`,
          subscription_id: subscriptionId,
          organization_id: orgId,
          description: 'Retention test invoice',
          status: 'paid' as const,
          total_pence: 1000,
          paid_at: label === 'old' ? v.old : v.young,
          created_at: label === 'old' ? v.old : v.young,
        }),
      ),
    )
    .execute();

  const a = edges('activity-log');
  await h.db
    .insertInto('activity_events')
    .values(
      (['old', 'young'] as const).map((label) => ({
        user_id: owner.id,
        type: 'security' as const,
        action: `retention.${tag}.${label}`,
        description: 'Retention test',
        severity: 'info' as const,
        ip_address: '203.0.113.9',
        user_agent: 'RetentionTest',
        device: null,
        location: null,
        created_at: label === 'old' ? a.old : a.young,
      })),
    )
    .execute();

  return { tag, exportKey, eventIds, gone, waiting };
}

describe('the retention rules', () => {
  it('each rule removes what is past its edge and keeps what is not, and the run is recorded', async () => {
    const planted = await plantRows();
    const { tag } = planted;
    // Closed organizations: one whose 60 days are over, one a minute short of them.
    const closedOld = await closedOrganization(`Closed Old ${tag}`, `closed-old-${tag}`);
    const closedYoung = await closedOrganization(`Closed Young ${tag}`, `closed-young-${tag}`);
    for (const [uuid, purgeAt] of [
      [closedOld, new Date(h.clock.now().getTime() - MIN)],
      [closedYoung, new Date(h.clock.now().getTime() + MIN)],
    ] as const) {
      await h.db
        .updateTable('organizations')
        .set({ purge_at: purgeAt })
        .where('uuid', '=', uuid)
        .execute();
    }
    const before = (await retentionRuns()).length;
    const run = await retention.runRetention(h.deps);
    expect(run.status).toBe('ok');

    const sessions = await h.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', 'like', `retention-${tag}-%`)
      .execute();
    expect(sessions.map((r) => r.token_hash)).toEqual([`retention-${tag}-idle-young`]);

    const exports = await h.db
      .selectFrom('data_exports')
      .select(['storage_key', 'files_deleted_at'])
      .where('storage_key', 'like', `exports/retention-${tag}-%`)
      .orderBy('id')
      .execute();
    expect(exports.map((e) => e.files_deleted_at !== null)).toEqual([true, false]);
    expect(await h.deps.storage.get(planted.exportKey('old'))).toBeNull();
    expect(await h.deps.storage.get(planted.exportKey('young'))).not.toBeNull();
    // Listed as expired through the API.
    const listed = await h.rest('GET', '/user/data-exports', { token: owner.token });
    expect(listed.status, listed.text).toBe(200);
    const statuses = (listed.body.data as Json[]).map((e) => e.status).sort();
    expect(statuses).toEqual(['expired', 'ready']);

    const events = await h.db
      .selectFrom('webhook_events')
      .select('id')
      .where('message_id', 'like', `msg_retention_${tag}_%`)
      .execute();
    expect(events.map((e) => String(e.id))).toEqual([String(planted.eventIds.young)]);
    const deliveries = await h.db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .where('event_id', 'in', [planted.eventIds.old!, planted.eventIds.young!])
      .execute();
    expect(deliveries.map((d) => String(d.event_id))).toEqual([String(planted.eventIds.young)]);

    const mails = await h.db
      .selectFrom('mail_outbox')
      .select(['subject', 'html', 'text', 'to_address'])
      .where('subject', 'like', `Retention ${tag} %`)
      .orderBy('id')
      .execute();
    expect(mails).toEqual([
      { subject: `Retention ${tag} old`, html: '', text: '', to_address: owner.email },
      {
        subject: `Retention ${tag} young`,
        html: '<p>body young</p>',
        text: 'body young',
        to_address: owner.email,
      },
      // Not sent yet: the delivery loop still needs its body.
      {
        subject: `Retention ${tag} old-pending`,
        html: '<p>body old-pending</p>',
        text: 'body old-pending',
        to_address: owner.email,
      },
    ]);

    const checks = await h.db
      .selectFrom('instance_health_checks')
      .select('checked_at')
      .where('instance_id', '=', instanceId)
      .execute();
    expect(checks.map((c) => new Date(c.checked_at).getTime())).toEqual([
      edges('health-checks').young.getTime(),
    ]);

    const keys = await h.db
      .selectFrom('idempotent_requests')
      .select('key')
      .where('key', 'like', `retention-${tag}-%`)
      .execute();
    expect(keys.map((k) => k.key)).toEqual([`retention-${tag}-young`]);

    const people = await h.db
      .selectFrom('users')
      .leftJoin('account_deletions', 'account_deletions.user_id', 'users.id')
      .select(['users.id', 'users.name', 'account_deletions.purged_at'])
      .where('users.id', 'in', [planted.gone.id, planted.waiting.id])
      .orderBy('users.id')
      .execute();
    expect(people.map((p) => [p.name, p.purged_at !== null])).toEqual([
      ['Deleted user', true],
      [`Waiting Person ${tag}`, false],
    ]);

    const closedRows = await h.db
      .selectFrom('organizations')
      .select(['uuid', 'status'])
      .where('uuid', 'in', [closedOld, closedYoung])
      .execute();
    expect(Object.fromEntries(closedRows.map((o) => [o.uuid, o.status]))).toEqual({
      [closedOld]: 'closed',
      [closedYoung]: 'closing',
    });
    expect(run.results.find((r) => r.rule === 'closed-organizations')).toMatchObject({
      outcome: 'ok',
      removed: 1,
    });

    const invoices = await h.db
      .selectFrom('invoices')
      .select('number')
      .where('number', 'like', `RET-${tag}-%`)
      .execute();
    expect(invoices.map((i) => i.number)).toEqual([`RET-${tag}-young`]);

    const activity = await h.db
      .selectFrom('activity_events')
      .select('action')
      .where('action', 'like', `retention.${tag}.%`)
      .execute();
    expect(activity.map((a) => a.action)).toEqual([`retention.${tag}.young`]);

    // One summary row: every rule in order with what it removed.
    const runs = await retentionRuns();
    expect(runs).toHaveLength(before + 1);
    const row = runs.at(-1)!;
    expect(row.status).toBe('ok');
    expect(row.finished_at).not.toBeNull();
    expect(row.error).toBeNull();
    expect(Object.fromEntries(row.results.map((r) => [r.rule, [r.outcome, r.removed]]))).toEqual({
      sessions: ['ok', 2],
      'data-exports': ['ok', 1],
      'webhook-deliveries': ['ok', 2],
      'mail-bodies': ['ok', 1],
      'health-checks': ['ok', 1],
      'idempotency-keys': ['ok', 1],
      'deleted-accounts': ['ok', 1],
      'closed-organizations': ['ok', 1],
      invoices: ['ok', 1],
      'activity-log': ['ok', 1],
    });
    expect(row.results.map((r) => r.rule)).toEqual([...RETENTION_RULE_IDS]);

    // A second run finds nothing left to remove.
    const again = await retention.runRetention(h.deps);
    expect(again.results.filter((r) => r.rule !== 'closed-organizations' && r.removed > 0)).toEqual(
      [],
    );
  });

  it('the activity log follows ACTIVITY_LOG_RETENTION_DAYS', async () => {
    const config = h.deps.config as { activityLogRetentionDays: number };
    const saved = config.activityLogRetentionDays;
    config.activityLogRetentionDays = 400;
    try {
      const tag = randomUUID().slice(0, 8);
      const now = h.clock.now().getTime();
      await h.db
        .insertInto('activity_events')
        .values(
          [401, 399].map((days) => ({
            user_id: owner.id,
            type: 'security' as const,
            action: `retention.${tag}.${days}`,
            description: 'Retention test',
            severity: 'info' as const,
            ip_address: null,
            user_agent: null,
            device: null,
            location: null,
            created_at: new Date(now - days * DAY),
          })),
        )
        .execute();
      await retention.runRetention(h.deps);
      const left = await h.db
        .selectFrom('activity_events')
        .select('action')
        .where('action', 'like', `retention.${tag}.%`)
        .execute();
      expect(left.map((a) => a.action)).toEqual([`retention.${tag}.399`]);
    } finally {
      config.activityLogRetentionDays = saved;
    }
  });

  it('closes a run its process left unfinished as failed once its lease has passed', async () => {
    const stale = await h.db
      .insertInto('retention_runs')
      .values({ started_at: new Date(h.clock.now().getTime() - 31 * MIN) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const current = await h.db
      .insertInto('retention_runs')
      .values({ started_at: new Date(h.clock.now().getTime() - 5 * MIN) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await retention.runRetention(h.deps);
    const rows = await h.db
      .selectFrom('retention_runs')
      .select(['id', 'status', 'error'])
      .where('id', 'in', [stale.id, current.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: stale.id, status: 'failed', error: RETENTION_TEXTS.interrupted },
      { id: current.id, status: 'running', error: null },
    ]);
    await h.db.deleteFrom('retention_runs').where('id', '=', current.id).execute();
  });

  it('the table’s periods are the ones the rows are written with', () => {
    expect(ruleOf('data-exports').period).toEqual({
      amount: DATA_EXPORT_EXPIRY_DAYS,
      unit: 'days',
    });
    expect(ruleOf('deleted-accounts').period).toEqual({
      amount: ACCOUNT_RESTORE_DAYS,
      unit: 'days',
    });
    expect(ruleOf('sessions').period).toEqual({ amount: h.config.sessionIdleDays, unit: 'days' });
    expect(ruleOf('activity-log').period).toEqual({ amount: 2, unit: 'years' });
    expect(h.config.activityLogRetentionDays).toBe(730);
  });
});

describe('the retention job', () => {
  it('is scheduled once per hour however many processes schedule it, and two workers racing run it once', async () => {
    h.clock.advance(HOUR);
    const before = (await retentionRuns()).length;
    const scheduled = await Promise.all([
      retention.scheduleRetention(h.deps),
      retention.scheduleRetention(h.deps),
    ]);
    expect(scheduled.filter(Boolean)).toHaveLength(1);
    expect(await retention.scheduleRetention(h.deps)).toBe(false);
    // Two worker loops claim at the same moment (on PostgreSQL on two connections).
    await Promise.all([runDueJobs(h.deps), runDueJobs(h.deps), runDueJobs(h.deps)]);
    while ((await runDueJobs(h.deps)) > 0);
    expect(await retentionRuns()).toHaveLength(before + 1);
    const job = await h.db
      .selectFrom('jobs')
      .select(['attempts', 'completed_at', 'last_error'])
      .where('type', '=', retention.RETENTION_JOB)
      .where('unique_key', '=', `retention:${h.clock.now().toISOString().slice(0, 13)}`)
      .executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
    expect(job.completed_at).not.toBeNull();
  });

  it('a failing rule records a failed run, e-mails the operators and the job retries with backoff', async () => {
    const staff = await h.createUser({ verified: true, staff: true });
    const runner = retention.RETENTION_RUNNERS['health-checks'];
    retention.RETENTION_RUNNERS['health-checks'] = async () => {
      throw new Error('disk on fire');
    };
    try {
      h.clock.advance(HOUR);
      expect(await retention.scheduleRetention(h.deps)).toBe(true);
      const key = `retention:${h.clock.now().toISOString().slice(0, 13)}`;
      const before = (await retentionRuns()).length;
      await runDueJobs(h.deps);
      const runs = await retentionRuns();
      expect(runs).toHaveLength(before + 1);
      const failed = runs.at(-1)!;
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe('health-checks: disk on fire');
      expect(failed.finished_at).not.toBeNull();
      const byRule = Object.fromEntries(failed.results.map((r) => [r.rule, r.outcome]));
      expect(byRule['health-checks']).toBe('failed');
      // The other rules still ran.
      expect(byRule.sessions).toBe('ok');
      expect(byRule['activity-log']).toBe('ok');

      const mails = await h.db
        .selectFrom('mail_outbox')
        .select(['to_address', 'text'])
        .where('subject', '=', RETENTION_TEXTS.failedSubject)
        .execute();
      expect(mails.map((m) => m.to_address)).toEqual([staff.email]);
      expect(mails[0]!.text).toContain('health-checks (disk on fire)');
      expect(mails[0]!.text).toContain('/dashboard/staff?tab=retention');

      const job = await h.db
        .selectFrom('jobs')
        .select(['attempts', 'completed_at', 'last_error', 'run_at'])
        .where('unique_key', '=', key)
        .executeTakeFirstOrThrow();
      expect(job.completed_at).toBeNull();
      expect(job.attempts).toBe(1);
      expect(job.last_error).toMatch(/retention run \d+ failed/);
      // Backoff: 5 s × 2^attempts.
      expect(new Date(job.run_at).getTime()).toBe(h.clock.now().getTime() + 10_000);

      // Not before the backoff; then it runs again and, the fault gone, succeeds.
      await runDueJobs(h.deps);
      expect(await retentionRuns()).toHaveLength(before + 1);
      retention.RETENTION_RUNNERS['health-checks'] = runner;
      h.clock.advance(10_000);
      await runDueJobs(h.deps);
      const after = await retentionRuns();
      expect(after).toHaveLength(before + 2);
      expect(after.at(-1)!.status).toBe('ok');
      const done = await h.db
        .selectFrom('jobs')
        .select(['attempts', 'completed_at'])
        .where('unique_key', '=', key)
        .executeTakeFirstOrThrow();
      expect(done.attempts).toBe(2);
      expect(done.completed_at).not.toBeNull();
    } finally {
      retention.RETENTION_RUNNERS['health-checks'] = runner;
      await h.db.updateTable('users').set({ is_staff: false }).where('id', '=', staff.id).execute();
    }
  });
});

describe('GET /staff/retention', () => {
  it('shows staff the rules, the latest runs newest first and the closing organizations', async () => {
    const staff = await h.createUser({ verified: true, staff: true });
    try {
      await retention.runRetention(h.deps);
      const res = await h.rest('GET', '/staff/retention', { token: staff.token });
      expect(res.status, res.text).toBe(200);
      const data = res.body.data as Json;
      expect((data.rules as Json[]).map((r) => r.id)).toEqual([...RETENTION_RULE_IDS]);
      expect(data.rules[0]).toEqual({
        id: 'sessions',
        what: ruleOf('sessions').what,
        kept_for: '30 days of inactivity, or at the absolute limit',
        then: ruleOf('sessions').then,
      });
      const runs = data.runs as Json[];
      expect(runs.length).toBeGreaterThan(0);
      expect(runs.length).toBeLessThanOrEqual(10);
      const newest = await h.db
        .selectFrom('retention_runs')
        .select('uuid')
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(runs[0]!.uuid).toBe(newest.uuid);
      expect(runs[0]!.status).toBe('ok');
      expect((runs[0]!.results as Json[]).map((r) => r.rule)).toEqual([...RETENTION_RULE_IDS]);
      const closingUuid = await closedOrganization('Closing Academy', `closing-${Date.now()}`);
      const row = await h.db
        .selectFrom('organizations')
        .select(['closing_at', 'purge_at'])
        .where('uuid', '=', closingUuid)
        .executeTakeFirstOrThrow();
      const closing = {
        uuid: closingUuid,
        name: 'Closing Academy',
        owner_email: owner.email,
        closed_at: new Date(row.closing_at!).toISOString(),
        purge_at: new Date(row.purge_at!).toISOString(),
      };
      expect(new Date(closing.purge_at).getTime() - new Date(closing.closed_at).getTime()).toBe(
        60 * DAY,
      );
      const trpc = await h.trpc('query', 'staff.retention', undefined, { token: staff.token });
      expect(trpc.status, JSON.stringify(trpc.body)).toBe(200);
      expect(JSON.stringify(trpc.body)).toContain(owner.email);
      const rest = await h.rest('GET', '/staff/retention', { token: staff.token });
      expect(rest.body.data.closing_organizations).toContainEqual(closing);
    } finally {
      await h.db.updateTable('users').set({ is_staff: false }).where('id', '=', staff.id).execute();
    }
  });

  it('answers 404 to a customer and 401 to an anonymous caller, through REST and tRPC', async () => {
    const rest = await h.rest('GET', '/staff/retention', { token: owner.token });
    expect(rest.status).toBe(404);
    expect(JSON.stringify(rest.body)).not.toContain('retention');
    const trpc = await h.trpc('query', 'staff.retention', undefined, { token: owner.token });
    expect(trpc.status).toBe(404);
    const anonymous = await h.rest('GET', '/staff/retention');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Unauthenticated.');
    expect((await h.trpc('query', 'staff.retention', undefined)).status).toBe(401);
  });
});

describe('docs/privacy.md', () => {
  it('shows exactly the rules of contracts/retention.ts', () => {
    const doc = readFileSync(path.resolve(__dirname, '../../../docs/privacy.md'), 'utf8');
    const start =
      '<!-- retention-rules:start (generated from contracts/retention.ts; a test compares) -->';
    const end = '<!-- retention-rules:end -->';
    expect(doc).toContain(start);
    // Compared cell by cell, so aligning the Markdown columns does not matter.
    const cells = (table: string) =>
      table
        .trim()
        .split('\n')
        .map((line) =>
          line
            .trim()
            .replace(/^\||\|$/g, '')
            .split('|')
            .map((cell) => (/^\s*:?-+:?\s*$/.test(cell) ? '---' : cell.trim())),
        );
    const table = doc.slice(doc.indexOf(start) + start.length, doc.indexOf(end));
    expect(cells(table)).toEqual(cells(retentionMarkdownTable()));
  });
});
