import type { Json, TestHarness } from '../../src/testing/harness';
import {
  multipartBody,
  TINY_PNG,
  type SecurityResourceSet,
  webhookIdFor,
} from '../../src/testing/security-fixtures';
import { sampleFor, type Operation } from './openapi-tools';
import { everyTable, VOLATILE_TABLES } from './table-rows';

/**
 * The requests of the tenant isolation matrix (isolation-matrix.test.ts): an operation filled with
 * A's ids, and a snapshot of every row to prove that another caller changed none of them.
 */

/** Operations that are public by design although they take an id (answer for anyone). */
const PUBLIC_BY_DESIGN = new Set<string>(['GET /auth/verify-email/{id}/{hash}']);

/** A's id for a path parameter, chosen by the path's first segment. */
function aIdFor(A: SecurityResourceSet, path: string): string | null {
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

/** The secured operations that take an id or an organization; DELETE operations last, so a
 * failing delete cannot hide a failing read. */
export function idTakingOperations(ops: Operation[]): Operation[] {
  const targets = ops.filter(
    (op) =>
      op.secured &&
      !PUBLIC_BY_DESIGN.has(op.key) &&
      (op.pathParams.length > 0 || takesOrganization(op)),
  );
  return targets.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
}

function requestFor(A: SecurityResourceSet, op: Operation) {
  let url = op.path;
  for (const name of op.pathParams) {
    url = url.replace(
      `{${name}}`,
      encodeURIComponent(webhookIdFor(A, op.path, name) ?? aIdFor(A, op.path) ?? 'missing'),
    );
  }
  const query: Record<string, string> = {};
  for (const p of op.queryParams) {
    const name = p.name as string;
    if (ORG_KEYS.includes(name)) query[name] = A.orgUuid;
    else if (p.required) query[name] = String(sampleFor(p.schema as Json, name));
  }
  if (op.bodySchema) {
    const sample = sampleFor(op.bodySchema) as Json;
    for (const k of ORG_KEYS) {
      if ((op.bodySchema.properties as Json | undefined)?.[k]) sample[k] = A.orgUuid;
    }
    return { url, query, body: sample as unknown, headers: {} as Record<string, string> };
  }
  if (op.bodyTypes.includes('multipart/form-data')) {
    const field = op.path.endsWith('/favicon') ? 'favicon' : 'logo';
    const mp = multipartBody([
      { name: field, filename: 'x.png', bytes: TINY_PNG, type: 'image/png' },
    ]);
    return { url, query, body: mp.body as unknown, headers: mp.headers };
  }
  return { url, query, body: undefined as unknown, headers: {} as Record<string, string> };
}

/** The operation called by `token` (anonymous when undefined) with A's ids. */
export function callWithIdsOf(
  h: TestHarness,
  A: SecurityResourceSet,
  op: Operation,
  token: string | undefined,
) {
  const { url, query, body, headers } = requestFor(A, op);
  return h.rest(op.method as 'GET', url, { token, query, body, headers });
}

/** Every row of every table (except rate-limit counters and B's own rows), keyed by table+id. */
export async function snapshot(
  h: TestHarness,
  B: SecurityResourceSet,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { table: table_name, rows } of await everyTable(h.db)) {
    if (VOLATILE_TABLES.has(table_name)) continue;
    rows.forEach((row, i) => {
      if (row.user_id === B.user.id) return; // B's own sessions / activity may move
      if (table_name === 'users' && row.id === B.user.id) return;
      out.set(`${table_name}#${row.id ?? row.uuid ?? i}`, JSON.stringify(row));
    });
  }
  return out;
}

export function diff(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [k, v] of after) {
    if (!before.has(k)) changes.push(`added ${k}`);
    else if (before.get(k) !== v) changes.push(`changed ${k}`);
  }
  for (const k of before.keys()) if (!after.has(k)) changes.push(`deleted ${k}`);
  return changes;
}
