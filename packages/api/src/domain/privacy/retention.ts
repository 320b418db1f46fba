import { sql } from 'kysely';
import type { RetentionRuleResult } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { purgeClosedOrganizations } from './organization-closure/purge';
import {
  RETENTION_RULES,
  RETENTION_TEXTS,
  type RetentionPeriod,
  type RetentionRuleId,
} from '../../contracts/retention';
import { sweepIdempotencyKeys } from '../../core/idempotency/idempotency';
import { pruneHealthChecks } from '../instances';
import { enqueueJobOnce, jobLeaseSeconds } from '../../core/jobs/queue';
import type { JobHandler } from '../../core/jobs/types';
import { renderEmail } from '../../core/mail/render-email';
import { sweepWebhooks } from '../webhooks';
import { purgeDeletedAccounts } from './account-purge';
import { sweepExpiredExports } from './data-exports/export-job';
import { HOUR_MS, DAY_MS } from '../../core/durations';

/**
 * The retention job (issue 38): one job on the durable queue, claimed with FOR UPDATE SKIP LOCKED
 * (so with several worker processes exactly one runs it), applies every rule of the one table in
 * contracts/retention.ts. Each rule here is a function of the cutoff the table's period gives;
 * each run writes one retention_runs row (rows removed per rule, started, finished, ok/failed). A
 * failed rule does not stop the others; the run is recorded failed, the operators are e-mailed
 * and the job throws, so the queue retries it with backoff.
 */

export const RETENTION_JOB = 'privacy.retention';
/** How many times a failing run is tried (backoff 10 s, 20 s, 40 s, 80 s between them). */
export const RETENTION_MAX_ATTEMPTS = 5;
/** A run may take this long before another process may take the job over. */
export const RETENTION_LEASE_SECONDS = 30 * 60;
/** A rule's function is called until it removes nothing, at most this many times per run. */
const MAX_BATCHES = 200;

/** Closing organizations as the operator console lists them. */
export type ClosingOrganization = {
  uuid: string;
  name: string;
  owner_email: string;
  closed_at: string;
  purge_at: string;
};

export type RuleContext = { now: Date; cutoff: Date };
export type RuleRunner = (deps: AppDeps, ctx: RuleContext) => Promise<number>;

/** Calls `step` until it removes nothing (each call does one bounded batch); returns the total. */
async function drain(step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await step();
    total += n;
    if (n === 0) break;
  }
  return total;
}

/** The start of the kept window: `now` minus the period (calendar years for years). */
export function retentionCutoff(now: Date, period: RetentionPeriod): Date {
  if (period.unit === 'hours') return new Date(now.getTime() - period.amount * HOUR_MS);
  if (period.unit === 'days') return new Date(now.getTime() - period.amount * DAY_MS);
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - period.amount);
  return cutoff;
}

/** The period a rule runs with: the table's, or the deployment's setting where there is one. */
export function effectivePeriod(
  deps: Pick<AppDeps, 'config'>,
  id: RetentionRuleId,
): RetentionPeriod {
  if (id === 'sessions') return { amount: deps.config.sessionIdleDays, unit: 'days' };
  if (id === 'activity-log') return { amount: deps.config.activityLogRetentionDays, unit: 'days' };
  return RETENTION_RULES.find((r) => r.id === id)!.period;
}

/** One function per rule of contracts/retention.ts (the type makes a missing one a compile error). */
export const RETENTION_RUNNERS: Record<RetentionRuleId, RuleRunner> = {
  sessions: async (deps, { now, cutoff }) => {
    const result = await deps.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('last_active_at', '<', cutoff),
          eb('expires_at', '<=', now),
          eb('revoked_at', '<', cutoff),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
  // The expiry is on the row (expires_at, set when the export is ready from the same 7 days).
  'data-exports': (deps) => drain(() => sweepExpiredExports(deps)),
  'webhook-deliveries': (deps, { cutoff }) => drain(() => sweepWebhooks(deps, cutoff)),
  'mail-bodies': async (deps, { cutoff }) => {
    const result = await deps.db
      .updateTable('mail_outbox')
      .set({ html: '', text: '' })
      .where('created_at', '<', cutoff)
      .where('status', '!=', 'pending')
      .where((eb) => eb.or([eb('html', '!=', ''), eb('text', '!=', '')]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
  'health-checks': (deps, { cutoff }) => drain(() => pruneHealthChecks(deps, cutoff)),
  'idempotency-keys': (deps, { cutoff }) => sweepIdempotencyKeys(deps, cutoff),
  // The 30 days are on the row (purge_after, set at deletion from the same period).
  'deleted-accounts': (deps) => drain(() => purgeDeletedAccounts(deps)),
  // The 60 days are on the row (purge_at, set at closure from the same period).
  'closed-organizations': (deps, { now }) => drain(() => purgeClosedOrganizations(deps, now)),
  invoices: async (deps, { cutoff }) => {
    // Lines go with their invoice (ON DELETE CASCADE).
    const result = await deps.db
      .deleteFrom('invoices')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
  'activity-log': async (deps, { cutoff }) =>
    drain(async () => {
      const result = await sql`
        DELETE FROM activity_events WHERE id IN (
          SELECT id FROM activity_events WHERE created_at < ${cutoff} LIMIT 5000)`.execute(deps.db);
      return Number(result.numAffectedRows ?? 0);
    }),
};

export type RetentionRunSummary = {
  id: number;
  status: 'ok' | 'failed';
  results: RetentionRuleResult[];
};

/** Applies every rule once and records the run; never throws for a rule's failure. */
export async function runRetention(
  deps: AppDeps,
  runners: Record<RetentionRuleId, RuleRunner> = RETENTION_RUNNERS,
): Promise<RetentionRunSummary> {
  // A run whose process stopped mid-way (its job is retried after the lease) is closed as failed.
  await deps.db
    .updateTable('retention_runs')
    .set({ status: 'failed', finished_at: deps.clock.now(), error: RETENTION_TEXTS.interrupted })
    .where('status', '=', 'running')
    .where('started_at', '<', new Date(deps.clock.now().getTime() - RETENTION_LEASE_SECONDS * 1000))
    .execute();
  const run = await deps.db
    .insertInto('retention_runs')
    .values({ started_at: deps.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const results: RetentionRuleResult[] = [];
  for (const rule of RETENTION_RULES) {
    const now = deps.clock.now();
    const cutoff = retentionCutoff(now, effectivePeriod(deps, rule.id));
    try {
      const removed = await runners[rule.id](deps, { now, cutoff });
      results.push({ rule: rule.id, removed, outcome: 'ok' });
    } catch (error) {
      deps.logger.error({ err: error, rule: rule.id }, 'retention rule failed');
      results.push({
        rule: rule.id,
        removed: 0,
        outcome: 'failed',
        error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      });
    }
  }
  const failed = results.filter((r) => r.outcome === 'failed');
  const status = failed.length > 0 ? 'failed' : 'ok';
  await deps.db
    .updateTable('retention_runs')
    .set({
      finished_at: deps.clock.now(),
      status,
      results: JSON.stringify(results),
      error: failed.length > 0 ? failed.map((r) => `${r.rule}: ${r.error}`).join('; ') : null,
    })
    .where('id', '=', run.id)
    .execute();
  return { id: run.id, status, results };
}

/**
 * The operators: every staff account (users.is_staff, granted with `npm run staff:grant`), or the
 * support address when there is none.
 */
async function operatorAddresses(deps: AppDeps): Promise<string[]> {
  const staff = await deps.db
    .selectFrom('users')
    .select('email')
    .where('is_staff', '=', true)
    .orderBy('id')
    .execute();
  return staff.length > 0 ? staff.map((s) => s.email) : [deps.config.mail.supportEmail];
}

async function mailOperators(deps: AppDeps, run: RetentionRunSummary): Promise<void> {
  const failed = run.results.filter((r) => r.outcome === 'failed');
  const { html, text } = renderEmail(
    {
      title: 'A retention run failed',
      paragraphs: [
        `The retention job could not apply ${failed.length === 1 ? 'one rule' : `${failed.length} rules`}: ${failed
          .map((r) => `${r.rule} (${r.error ?? 'no message'})`)
          .join('; ')}.`,
        'The other rules ran. The job is retried with backoff; the run is listed in the operator console under Data retention.',
      ],
      action: {
        label: 'Open the operator console',
        url: `${deps.config.appUrl}/dashboard/staff?tab=retention`,
      },
    },
    deps.config.productShortName,
  );
  for (const to of await operatorAddresses(deps)) {
    await deps.mailer.send({
      to,
      subject: RETENTION_TEXTS.failedSubject,
      html,
      text,
      kind: 'retention-failed',
      userId: null,
    });
  }
}

/** The job: one run; on failure the operators are e-mailed and the queue retries with backoff. */
export const retentionJob: JobHandler = async (deps) => {
  const run = await runRetention(deps);
  if (run.status === 'failed') {
    await mailOperators(deps, run);
    throw new Error(`retention run ${run.id} failed`);
  }
};

/**
 * Enqueues this hour's retention run unless the hour already has one (done or pending): every
 * process runs this, the job runs once per hour per deployment.
 */
export async function scheduleRetention(deps: AppDeps): Promise<boolean> {
  const hour = deps.clock.now().toISOString().slice(0, 13);
  return enqueueJobOnce(deps.db, {
    type: RETENTION_JOB,
    payload: { hour },
    runAt: deps.clock.now(),
    uniqueKey: `retention:${hour}`,
    maxAttempts: RETENTION_MAX_ATTEMPTS,
  });
}

// A run deletes in batches and may outlast the default one-minute lease.
jobLeaseSeconds[RETENTION_JOB] = RETENTION_LEASE_SECONDS;

export const retentionJobHandlers: Record<string, JobHandler> = { [RETENTION_JOB]: retentionJob };

export const retentionScheduleTask = {
  name: 'retention-schedule',
  everyMs: 5 * 60_000,
  run: (deps: AppDeps) => scheduleRetention(deps).then(() => undefined),
};

/** The operator console's Data retention section: the latest runs and the closing organizations. */
export async function retentionSummary(deps: AppDeps, limit = 10) {
  const runs = await deps.db
    .selectFrom('retention_runs')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const closing: ClosingOrganization[] = (
    await deps.db
      .selectFrom('organizations')
      .innerJoin('users', 'users.id', 'organizations.owner_id')
      .select([
        'organizations.uuid',
        'organizations.name',
        'users.email as owner_email',
        'organizations.closing_at',
        'organizations.purge_at',
      ])
      .where('organizations.status', '=', 'closing')
      .orderBy('organizations.purge_at')
      .limit(100)
      .execute()
  ).map((o) => ({
    uuid: o.uuid,
    name: o.name,
    owner_email: o.owner_email,
    closed_at: new Date(o.closing_at!).toISOString(),
    purge_at: new Date(o.purge_at!).toISOString(),
  }));
  return { runs, closing };
}
