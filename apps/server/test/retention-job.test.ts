import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { retention, runDueJobs } from '@scmp/api';
import {
  RETENTION_RULE_IDS,
  RETENTION_TEXTS,
  retentionMarkdownTable,
} from '@scmp/api/contracts/retention';
import { type Json } from '../src/testing/harness';
import { h, owner, HOUR, DAY, useRetentionSchool } from './privacy/retention-fixtures';

/**
 * Retention that runs by itself, part two: the job, the staff console and docs/privacy.md (part
 * one, retention.test.ts, describes the whole).
 */
const { closedOrganization, retentionRuns, ruleOf } = useRetentionSchool();

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
