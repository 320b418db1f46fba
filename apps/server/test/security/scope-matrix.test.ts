import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations } from '@scmp/api';
import { API_SCOPES, API_TOKEN_TEXTS, type ApiScope } from '@scmp/api/contracts/api-tokens';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import {
  buildSecurityResourceSet,
  type SecurityResourceSet,
  webhookIdFor,
} from '../../src/testing/security-fixtures';
import { loadOperations, sampleRequest, type Operation } from './openapi-tools';

/**
 * The API-token scope matrix, generated from the OpenAPI document: every signed-in operation
 * declares the scope it needs (x-required-scope) or that no token reaches it (x-api-token:
 * false). A token holding every scope but that one gets 403 INSUFFICIENT_SCOPE naming it and
 * changes nothing; a token holding only that scope gets past the check; a sessions-only
 * operation answers 403 to a token holding every scope.
 */
let h: TestHarness;
let ops: Operation[];
let A: SecurityResourceSet;

/** Tokens straight into the table (the API caps an account at 25 and 20 creations an hour). */
async function tokenWith(scopes: readonly string[]): Promise<string> {
  const token = `scmp_pat_${randomBytes(32).toString('hex').slice(0, 43)}`;
  await h.db
    .insertInto('api_tokens')
    .values({
      user_id: A.user.id,
      name: `matrix ${scopes.length}`,
      token_hash: createHash('sha256').update(token).digest('hex'),
      prefix: token.slice(0, 17),
      scopes: [...scopes],
    })
    .execute();
  return token;
}

function idFor(path: string): string {
  const seg = path.split('/').filter(Boolean);
  if (seg[0] === 'instances') return A.instanceUuid ?? A.orgUuid;
  if (seg[0] === 'support') return A.ticketId ?? A.orgUuid;
  if (seg[0] === 'passkeys') return A.passkeyUuid ?? A.orgUuid;
  if (seg[0] === 'profile') return A.sessionIds[1] ?? A.orgUuid;
  if (seg[0] === 'user') return A.apiTokenUuid ?? A.orgUuid;
  return A.orgUuid;
}

const requestFor = (op: Operation) =>
  sampleRequest(op, A.orgUuid, (name) => webhookIdFor(A, op.path, name) ?? idFor(op.path));

const call = (op: Operation, token: string) => {
  const r = requestFor(op);
  return h.rest(op.method as 'GET', r.url, {
    token,
    query: r.query,
    body: r.body,
    headers: r.headers,
  });
};

type Extra = { method: 'GET' | 'POST'; url: () => string; scope: ApiScope | null };

/**
 * Procedures that answer a documented path when a query flag is set (meta.restFlag, e.g.
 * GET /organizations?public=true): the document shows their path's owner only.
 */
const FLAGGED: Extra[] = listOperations().flatMap((op) =>
  op.meta?.restFlag && op.meta.openapi && op.meta.scope
    ? [
        {
          method: op.meta.openapi.method as Extra['method'],
          url: () => `${op.meta!.openapi!.path}?${op.meta!.restFlag}=true`,
          scope: op.meta!.scope!,
        },
      ]
    : [],
);

/** Plain Fastify routes outside the document, with the scope they check, and FLAGGED. */
const EXTRA: Extra[] = [
  ...FLAGGED,
  { method: 'GET', url: () => `/support/attachments/${A.attachmentId}`, scope: 'support:read' },
  { method: 'GET', url: () => `/subscription/invoices/${A.invoiceId}/pdf`, scope: 'billing:read' },
  { method: 'GET', url: () => '/activity/export', scope: 'profile:read' },
  {
    method: 'GET',
    url: () => '/user/data-exports/00000000-0000-4000-8000-000000000000/download',
    scope: null,
  },
  {
    method: 'GET',
    url: () =>
      `/organizations/${A.orgUuid}/data-exports/00000000-0000-4000-8000-000000000000/download`,
    scope: null,
  },
];

async function snapshot(): Promise<string[]> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(h.db);
  const rows: string[] = [];
  for (const { table_name } of tables.rows) {
    // The token's own last use and the request budget move on every call, by design.
    if (['rate_limits', 'api_tokens', 'kysely_migration_lock'].includes(table_name)) continue;
    const result = await sql<Json>`select * from ${sql.table(table_name)}`.execute(h.db);
    for (const row of result.rows) rows.push(`${table_name}#${JSON.stringify(row)}`);
  }
  return rows.sort();
}

beforeAll(async () => {
  h = await createHarness();
  ops = (await loadOperations(h)).filter((op) => op.secured);
  A = await buildSecurityResourceSet(h, 'scopematrix');
}, 90_000);
afterAll(() => h?.close());

describe('API-token scope matrix', () => {
  it('every signed-in operation declares its scope or that tokens never reach it', () => {
    const undeclared = ops
      .filter((op) => !op.op['x-required-scope'] && op.op['x-api-token'] !== false)
      .map((op) => op.key);
    expect(undeclared).toEqual([]);
    for (const op of ops) {
      const scope = op.op['x-required-scope'] as string | undefined;
      if (scope) expect(API_SCOPES, op.key).toContain(scope);
    }
    // GET /organizations?public=true (organizations.findPublic) is checked beside its owner.
    expect(FLAGGED.map((extra) => extra.url())).toContain('/organizations?public=true');
  });

  it('refuses every operation to a token without its scope (and changes nothing), admits it with only that scope', async () => {
    const scoped = ops.filter((op) => op.op['x-required-scope']);
    const sessionOnly = ops.filter((op) => op.op['x-api-token'] === false);
    const everything = await tokenWith(API_SCOPES);
    const without = new Map<string, string>();
    const only = new Map<string, string>();
    for (const scope of API_SCOPES) {
      without.set(scope, await tokenWith(API_SCOPES.filter((s) => s !== scope)));
      only.set(scope, await tokenWith([scope]));
    }

    const before = await snapshot();
    const failures: string[] = [];
    for (const op of scoped) {
      const scope = op.op['x-required-scope'] as ApiScope;
      const res = await call(op, without.get(scope)!);
      if (
        res.status !== 403 ||
        res.body.code !== 'INSUFFICIENT_SCOPE' ||
        !res.body.message.includes(scope)
      ) {
        failures.push(`${op.key} without ${scope} -> ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    for (const op of sessionOnly) {
      const res = await call(op, everything);
      if (res.status !== 403 || res.body.code !== 'FORBIDDEN') {
        failures.push(`${op.key} (sessions only) -> ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    for (const extra of EXTRA) {
      const token = extra.scope ? without.get(extra.scope)! : everything;
      const res = await h.rest(extra.method, extra.url(), { token });
      if (res.status !== 403) failures.push(`${extra.method} ${extra.url()} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot(), 'rows changed by refused calls').toEqual(before);

    // Admitted with only its scope: past the check (the call may still fail validation etc.).
    const ordered = [...scoped].sort(
      (x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'),
    );
    for (const op of ordered) {
      const scope = op.op['x-required-scope'] as ApiScope;
      const res = await call(op, only.get(scope)!);
      const refused =
        res.status === 401 ||
        res.body.code === 'INSUFFICIENT_SCOPE' ||
        res.body.message === API_TOKEN_TEXTS.notForTokens;
      if (refused)
        failures.push(`${op.key} with only ${scope} -> ${res.status} ${res.text.slice(0, 120)}`);
    }
    for (const extra of EXTRA.filter((e) => e.scope)) {
      const res = await h.rest(extra.method, extra.url(), { token: only.get(extra.scope!)! });
      if (res.status === 401 || res.status === 403)
        failures.push(`${extra.method} ${extra.url()} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
    console.info(
      `scope matrix: ${scoped.length} scoped operations × 2 tokens, ${sessionOnly.length} sessions-only operations, ${EXTRA.length - FLAGGED.length} plain routes, ${FLAGGED.length} flagged procedures`,
    );
  }, 120_000);
});
