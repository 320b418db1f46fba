import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { retention } from '@scmp/api';
import { ACCOUNT_RESTORE_DAYS, DATA_EXPORT_EXPIRY_DAYS } from '@scmp/api/contracts/privacy';
import { RETENTION_RULE_IDS, RETENTION_TEXTS } from '@scmp/api/contracts/retention';
import { type Json } from '../src/testing/harness';
import { valuesWhere } from '../src/testing/recorded-rows';
import { h, owner, instanceId, MIN, DAY, useRetentionSchool } from './privacy/retention-fixtures';

/**
 * Retention that runs by itself (issue 38): one hourly job on the durable queue (claimed with
 * SKIP LOCKED) applies every rule of contracts/retention.ts. On the test clock each rule gets a
 * row just past its edge (removed) and one just inside it (kept); two workers racing run the job
 * once; a failing rule records a failed run, e-mails the operators and the job retries with
 * backoff; the staff console's GET /staff/retention is staff only; docs/privacy.md shows the rules.
 */
const { closedOrganization, edges, plantRows, retentionRuns, ruleOf } = useRetentionSchool();

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

    expect(
      await valuesWhere(h.db, 'idempotent_requests', 'key', 'key', `retention-${tag}-%`),
    ).toEqual([`retention-${tag}-young`]);

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

    expect(await valuesWhere(h.db, 'invoices', 'number', 'number', `RET-${tag}-%`)).toEqual([
      `RET-${tag}-young`,
    ]);
    expect(
      await valuesWhere(h.db, 'activity_events', 'action', 'action', `retention.${tag}.%`),
    ).toEqual([`retention.${tag}.young`]);

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
      const left = await valuesWhere(
        h.db,
        'activity_events',
        'action',
        'action',
        `retention.${tag}.%`,
      );
      expect(left).toEqual([`retention.${tag}.399`]);
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
