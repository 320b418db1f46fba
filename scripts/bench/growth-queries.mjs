// The dashboard's lists and lookups, called through the real procedures (createCaller) so the SQL
// is exactly what the product runs. Every statement is captured for EXPLAIN. Needs tsx (the API
// package is TypeScript): bench-seed.mjs runs with `node --import tsx`.
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import {
  billingService,
  createCaller,
  createContext,
  createDeps,
  publicBranding,
} from '@scmp/api';
import { loadConfig } from '../../apps/server/src/config.ts';

/** A Kysely on `url` that records each statement while `capture.on` is set. */
export function openCapturingDb(url) {
  const capture = { on: false, statements: [] };
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (capture.on && event.level === 'query') {
        capture.statements.push({ sql: event.query.sql, parameters: event.query.parameters });
      }
    },
  });
  return { db, capture, close: () => db.destroy() };
}

function depsFor(db) {
  const config = loadConfig(
    {
      // Only for the local app key file; nothing is stored there.
      DATA_DIR: path.join(os.tmpdir(), 'scmp-growth-bench'),
      LOG_LEVEL: 'silent',
    },
    path.resolve('apps/web/dist'),
  );
  return createDeps({ db, dbKind: 'postgres', pingDb: async () => undefined, config });
}

/** name → async () => void, each one dashboard call for the typical customer. */
export function dashboardCalls(db, typical) {
  const deps = depsFor(db);
  const req = {
    requestId: 'growth',
    ip: '127.0.0.1',
    userAgent: 'growth-bench',
    host: 'localhost',
    authorization: `Bearer ${typical.token}`,
  };
  let caller;
  const signedIn = async () => (caller ??= createCaller(await createContext(deps, req)));
  let cursor;
  let staffCaller;
  const staffReq = { ...req, authorization: `Bearer ${typical.staffToken}` };
  const asStaff = async () => (staffCaller ??= createCaller(await createContext(deps, staffReq)));
  let customersCursor;
  return {
    'user by session token hash': async () => {
      const ctx = await createContext(deps, req);
      if (!ctx.user) throw new Error('the typical session did not resolve');
    },
    'organizations list': async () => (await signedIn()).organizations.list({}),
    'organization by uuid': async () =>
      (await signedIn()).organizations.get({ id: typical.organizationUuid }),
    'organization by subdomain (tenant branding, cache miss)': async () => {
      publicBranding.invalidateTenantBrandingCache();
      await (await signedIn()).publicSite.tenantBranding({ slug: typical.subdomain });
    },
    'instances list': async () => (await signedIn()).instances.list({}),
    'members list': async () =>
      (await signedIn()).members.list({ id: typical.organizationUuid }),
    'invitations list': async () =>
      (await signedIn()).members.invitations({ id: typical.organizationUuid }),
    'tickets list': async () => (await signedIn()).support.listTickets(),
    'ticket by uuid': async () => (await signedIn()).support.getTicket({ id: typical.ticketUuid }),
    'activity list (page 1)': async () => {
      const page = await (await signedIn()).profile.activityList({ limit: 20 });
      cursor = page.next_cursor ?? undefined;
    },
    'activity list (page 2, cursor)': async () => {
      if (!cursor) throw new Error('no cursor from page 1');
      await (await signedIn()).profile.activityList({ limit: 20, cursor });
    },
    'activity list (login, 30 days)': async () =>
      (await signedIn()).profile.activityList({ limit: 20, type: 'login', days: 30 }),
    'activity summary': async () => (await signedIn()).profile.activitySummary({ days: 30 }),
    'activity per day by type (90 days)': async () =>
      (await signedIn()).profile.activityDaily({ days: 90, type: 'all' }),
    'sessions list': async () => (await signedIn()).profile.listSessions(),
    'billing history': async () =>
      (await signedIn()).subscription.billingHistory({
        organization_uuid: typical.organizationUuid,
      }),
    'invoiced per month (12 months, upcoming invoice)': async () =>
      (await signedIn()).subscription.invoicedMonthly({
        organization_uuid: typical.organizationUuid,
      }),
    'invoice by uuid (with lines)': async () =>
      billingService.invoiceForOwner(deps, typical.userId, typical.invoiceUuid),
    'dashboard summary': async () => (await signedIn()).dashboard.summary(),
    'dashboard overview (figures and needs attention)': async () =>
      (await signedIn()).dashboard.overview(),
    'instance health (24 h of checks, uptime 24 h / 7 d / 30 d, incidents)': async () =>
      (await signedIn()).instances.health({ uuid: typical.instanceUuid }),
    'instances uptime per day (30 days)': async () =>
      (await signedIn()).instances.uptime({ days: 30 }),
    'staff overview (counters, daily figures, past due, unhealthy)': async () =>
      (await asStaff()).staff.overview(),
    'staff customers (page 1)': async () => {
      const page = await (await asStaff()).staff.customers({ limit: 1 });
      customersCursor = page.next_cursor ?? undefined;
    },
    'staff customers (page 2, cursor)': async () => {
      if (!customersCursor) throw new Error('no cursor from page 1');
      await (await asStaff()).staff.customers({ limit: 1, cursor: customersCursor });
    },
    'staff customers (search e-mail, name, organization)': async () =>
      (await asStaff()).staff.customers({ q: 'typ', limit: 25 }),
    'staff instances (page 1)': async () => (await asStaff()).staff.instances({ limit: 25 }),
    'staff instances (search host, name)': async () =>
      (await asStaff()).staff.instances({ q: 'site', limit: 25 }),
    'staff customer view (writes the activity event)': async () =>
      (await asStaff()).staff.customer({ uuid: typical.userUuid }),
  };
}

/** The milliseconds of `runs` calls after `warm` unmeasured ones. */
export async function timeCall(fn, { runs = 30, warm = 5 } = {}) {
  for (let i = 0; i < warm; i++) await fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** The p-th fraction of the samples (0.1: the tenth percentile). */
export function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** The statements one call issues (run once with capture on). */
export async function statementsOf(capture, fn) {
  capture.statements = [];
  capture.on = true;
  try {
    await fn();
  } finally {
    capture.on = false;
  }
  return capture.statements;
}

const WRITES = /^\s*(insert|update|delete)\b/i;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each read statement (inside a rolled-back transaction, so nothing
 * changes); a plan passes when no large table is read by a sequential scan.
 */
export async function explain(client, statements) {
  const plans = [];
  for (const s of statements) {
    if (WRITES.test(s.sql)) continue;
    await client.query('BEGIN');
    try {
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${s.sql}`,
        s.parameters,
      );
      const text = rows.map((r) => r['QUERY PLAN']).join('\n');
      const seqScans = [...text.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]);
      const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? 0);
      plans.push({ sql: s.sql, plan: text, seqScans, executionMs });
    } finally {
      await client.query('ROLLBACK');
    }
  }
  return plans;
}
