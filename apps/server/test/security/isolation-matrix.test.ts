import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '@scmp/api';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import {
  buildSecurityResourceSet,
  multipartBody,
  TINY_PNG,
  type SecurityResourceSet,
  webhookIdFor,
} from '../../src/testing/security-fixtures';
import { leaks, loadOperations, sampleFor, type Operation } from './openapi-tools';

/**
 * Operations that fail the matrix because of a known bug in their area. The test asserts this
 * list is EXACTLY the set of failing operations: it goes red when a bug is fixed (remove the
 * entry) or a new one appears.
 */
const KNOWN_ISSUES: string[] = [];

/** Operations that are public by design although they take an id (answer for anyone). */
const PUBLIC_BY_DESIGN = new Set<string>(['GET /auth/verify-email/{id}/{hash}']);

/**
 * Documented with a bearer scheme (protect: true, the token is optional) but public by design:
 * health answers anyone; logout answers success without a session (spec: "POST /auth/logout |
 * none"), so the client can always sign out.
 */
const OPTIONAL_AUTH = new Set<string>(['GET /health', 'POST /auth/logout']);

let h: TestHarness;
let ops: Operation[];
let A: SecurityResourceSet;
let B: SecurityResourceSet;

beforeAll(async () => {
  h = await createHarness();
  ops = await loadOperations(h);
  A = await buildSecurityResourceSet(h, 'alpha');
  B = await buildSecurityResourceSet(h, 'bravo');
}, 60_000);
afterAll(() => h?.close());

/** A's id for a path parameter, chosen by the path's first segment. */
function aIdFor(path: string): string | null {
  const seg = path.split('/').filter(Boolean);
  if (seg[0] === 'organizations' || seg[0] === 'branding') return A.orgUuid;
  if (seg[0] === 'instances') return A.instanceUuid;
  if (seg[0] === 'support') return A.ticketId;
  if (seg[0] === 'profile' && seg[1] === 'sessions') return A.sessionIds[0] ?? null;
  if (seg[0] === 'subscription' && seg[1] === 'invoices') return A.invoiceId;
  if (seg[0] === 'passkeys') return A.passkeyUuid;
  if (seg[0] === 'user' && seg[1] === 'api-tokens') return A.apiTokenUuid;
  if (seg[0] === 'staff') return A.user.uuid;
  return null;
}

const ORG_KEYS = ['organization_uuid', 'organization_id', 'org_uuid', 'orgUuid'];

function takesOrganization(op: Operation): boolean {
  const bodyProps = Object.keys((op.bodySchema?.properties ?? {}) as Json);
  return (
    op.queryParams.some((p) => ORG_KEYS.includes(p.name as string)) ||
    bodyProps.some((k) => ORG_KEYS.includes(k))
  );
}

function requestFor(op: Operation, token: string | undefined) {
  let url = op.path;
  for (const name of op.pathParams) {
    url = url.replace(
      `{${name}}`,
      encodeURIComponent(webhookIdFor(A, op.path, name) ?? aIdFor(op.path) ?? 'missing'),
    );
  }
  const query: Record<string, string> = {};
  for (const p of op.queryParams) {
    const name = p.name as string;
    if (ORG_KEYS.includes(name)) query[name] = A.orgUuid;
    else if (p.required) query[name] = String(sampleFor(p.schema as Json, name));
  }
  let body: unknown;
  if (op.bodySchema) {
    const sample = sampleFor(op.bodySchema) as Json;
    for (const k of ORG_KEYS) {
      if ((op.bodySchema.properties as Json | undefined)?.[k]) sample[k] = A.orgUuid;
    }
    body = sample;
  } else if (op.bodyTypes.includes('multipart/form-data')) {
    const field = op.path.endsWith('/favicon') ? 'favicon' : 'logo';
    const mp = multipartBody([
      { name: field, filename: 'x.png', bytes: TINY_PNG, type: 'image/png' },
    ]);
    return { url, query, body: mp.body, headers: mp.headers, token };
  }
  return { url, query, body, headers: {} as Record<string, string>, token };
}

async function call(op: Operation, token: string | undefined) {
  const r = requestFor(op, token);
  return h.rest(op.method as 'GET', r.url, {
    token: r.token,
    query: r.query,
    body: r.body,
    headers: r.headers,
  });
}

const VOLATILE_TABLES = new Set(['rate_limits', 'kysely_migration', 'kysely_migration_lock']);

/** Every row of every table (except rate-limit counters and B's own rows), keyed by table+id. */
async function snapshot(): Promise<Map<string, string>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(h.db);
  const out = new Map<string, string>();
  for (const { table_name } of tables.rows) {
    if (VOLATILE_TABLES.has(table_name)) continue;
    const rows = await sql<Json>`select * from ${sql.table(table_name)}`.execute(h.db);
    rows.rows.forEach((row, i) => {
      if (row.user_id === B.user.id) return; // B's own sessions / activity may move
      if (table_name === 'users' && row.id === B.user.id) return;
      out.set(`${table_name}#${row.id ?? row.uuid ?? i}`, JSON.stringify(row));
    });
  }
  return out;
}

function diff(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [k, v] of after) {
    if (!before.has(k)) changes.push(`added ${k}`);
    else if (before.get(k) !== v) changes.push(`changed ${k}`);
  }
  for (const k of before.keys()) if (!after.has(k)) changes.push(`deleted ${k}`);
  return changes;
}

describe('tenant isolation matrix', () => {
  it('built a full resource set for both users through the API', () => {
    for (const set of [A, B]) {
      expect(set.orgUuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(set.subscription, 'subscription').not.toBeNull();
      expect(set.instanceUuid, 'instance').not.toBeNull();
      expect(set.ticketId, 'ticket').not.toBeNull();
      expect(set.attachmentId, 'attachment').not.toBeNull();
      expect(set.invoiceId, 'invoice').not.toBeNull();
      expect(set.passkeyUuid, 'passkey').not.toBeNull();
      expect(set.apiTokenUuid, 'API token').not.toBeNull();
      expect(set.sessionIds.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("B calling every id-taking operation with A's ids gets 404 and changes nothing", async () => {
    // B's session list must not contain A's session ids (A's sessions are A's own).
    const targets = ops.filter(
      (op) =>
        op.secured &&
        !PUBLIC_BY_DESIGN.has(op.key) &&
        (op.pathParams.length > 0 || takesOrganization(op)),
    );
    expect(targets.length).toBeGreaterThan(20);
    // DELETE operations last so a failing delete cannot hide a failing read.
    targets.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    // A's data export, ready; B has confirmed its password, so only ownership stands between.
    const exported = await h.rest('POST', '/user/data-exports', { token: A.user.token });
    expect(exported.status, exported.text).toBe(202);
    const orgExported = await h.rest('POST', `/organizations/${A.orgUuid}/data-exports`, {
      token: A.user.token,
    });
    expect(orgExported.status, orgExported.text).toBe(202);
    while ((await runDueJobs(h.deps, undefined, 10)) > 0);
    const confirmed = await h.rest('POST', '/user/confirm-password', {
      token: B.user.token,
      body: { password: B.user.password },
    });
    expect(confirmed.status, confirmed.text).toBe(200);

    const before = await snapshot();
    const failures: string[] = [];
    const report: string[] = [];
    for (const op of targets) {
      const res = await call(op, B.user.token);
      report.push(
        `${op.key} -> ${res.status}${res.status === 404 ? '' : ` ${res.text.slice(0, 300)}`}`,
      );
      if (res.status !== 404) failures.push(op.key);
      if (res.status === 404) {
        expect(res.body.success, op.key).toBe(false);
        expect(res.text, op.key).not.toContain(A.user.email);
      }
      expect(leaks(res.text), `${op.key} leaks`).toBeUndefined();
    }

    // Plain Fastify routes that are not in the document.
    const extra: [string, string][] = [
      ['GET', `/support/attachments/${A.attachmentId}`],
      ['GET', `/subscription/invoices/${A.invoiceId}`],
      ['GET', `/subscription/invoices/${A.invoiceId}/pdf`],
      ['GET', `/user/data-exports/${exported.body.data.uuid}/download`],
      ['GET', `/organizations/${A.orgUuid}/data-exports/${orgExported.body.data.uuid}/download`],
    ];
    for (const [method, url] of extra) {
      const res = await h.rest(method as 'GET', url, { token: B.user.token });
      report.push(`${method} ${url} -> ${res.status}`);
      if (res.status !== 404) failures.push(`${method} ${url.replace(/[0-9a-f-]{36}/, '{id}')}`);
    }
    const after = await snapshot();

    expect(diff(before, after), 'rows changed by B').toEqual([]);
    expect(failures.sort(), report.join('\n')).toEqual([...KNOWN_ISSUES].sort());
    console.info(`isolation matrix: ${targets.length + extra.length} operations checked as B`);
  });

  it("B's API token (every scope) calling A's ids gets 404, or 403 where tokens never reach", async () => {
    const targets = ops.filter(
      (op) =>
        op.secured &&
        !PUBLIC_BY_DESIGN.has(op.key) &&
        (op.pathParams.length > 0 || takesOrganization(op)),
    );
    targets.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    const before = await snapshot();
    const failures: string[] = [];
    for (const op of targets) {
      const res = await call(op, B.apiToken ?? undefined);
      const tokenRefused = res.status === 403 && !op.op['x-required-scope'];
      if (res.status !== 404 && !tokenRefused) failures.push(`${op.key} -> ${res.status}`);
      expect(res.text, op.key).not.toContain(A.user.email);
      expect(leaks(res.text), `${op.key} leaks`).toBeUndefined();
    }
    expect(diff(before, await snapshot()), 'rows changed by B').toEqual([]);
    expect(failures).toEqual([]);
  });

  it("A's resources still answer for A afterwards", async () => {
    expect(
      (await h.rest('GET', `/organizations/${A.orgUuid}`, { token: A.user.token })).status,
    ).toBe(200);
    expect(
      (await h.rest('GET', `/instances/${A.instanceUuid}`, { token: A.user.token })).status,
    ).toBe(200);
    expect(
      (await h.rest('GET', `/support/tickets/${A.ticketId}`, { token: A.user.token })).status,
    ).toBe(200);
    expect(
      (await h.rest('GET', `/support/attachments/${A.attachmentId}`, { token: A.user.token }))
        .status,
    ).toBe(200);
  });

  it('every secured operation answers 401 to anonymous callers', async () => {
    const secured = ops.filter((op) => op.secured && !OPTIONAL_AUTH.has(op.key));
    const wrong: string[] = [];
    for (const op of secured) {
      const res = await call(op, undefined);
      if (res.status !== 401 || res.body.success !== false)
        wrong.push(`${op.key} -> ${res.status}`);
    }
    for (const url of [
      `/support/attachments/${A.attachmentId}`,
      `/subscription/invoices/${A.invoiceId}`,
      `/subscription/invoices/${A.invoiceId}/pdf`,
      '/activity/export',
      '/user/data-exports/00000000-0000-4000-8000-000000000000/download',
      `/organizations/${A.orgUuid}/data-exports/00000000-0000-4000-8000-000000000000/download`,
    ]) {
      const res = await h.rest('GET', url);
      if (res.status !== 401) wrong.push(`GET ${url} -> ${res.status}`);
    }
    for (const url of ['/profile/avatar', `/branding/${A.orgUuid}/logo`, '/support/tickets']) {
      const mp = multipartBody([{ name: 'logo', filename: 'x.png', bytes: TINY_PNG }]);
      const res = await h.rest('POST', url, { body: mp.body, headers: mp.headers });
      if (res.status !== 401) wrong.push(`POST multipart ${url} -> ${res.status}`);
    }
    expect(wrong).toEqual([]);
    console.info(`anonymous: ${secured.length + 8} operations checked`);
  });

  it("B's ticket with A's organization answers exactly like a made-up organization", async () => {
    const body = { subject: 'Hello there', description: 'Some description', category: 'technical' };
    const withA = await h.rest('POST', '/support/tickets', {
      token: B.user.token,
      body: { ...body, organization_uuid: A.orgUuid },
    });
    const withNone = await h.rest('POST', '/support/tickets', {
      token: B.user.token,
      body: { ...body, organization_uuid: '00000000-0000-4000-8000-000000000000' },
    });
    expect(withA.status).toBeGreaterThanOrEqual(400);
    expect(withA.status).toBe(withNone.status);
    expect(withA.body).toEqual(withNone.body);
  });

  it('staff-only operations answer 404 to customers', async () => {
    const staffOps = ops.filter((op) => op.path.includes('/staff/'));
    expect(staffOps.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const op of staffOps) {
      const res = await call(op, A.user.token);
      if (res.status !== 404) wrong.push(`${op.key} -> ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
