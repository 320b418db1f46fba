import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORGANIZATION_PERMISSIONS,
  can,
  type OrganizationPermission,
  type OrganizationRole,
} from '@scmp/api/contracts/roles';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import {
  buildSecurityResourceSet,
  type SecurityResourceSet,
  webhookIdFor,
} from '../../src/testing/security-fixtures';
import { ORG_KEYS, leaks, loadOperations, sampleRequest, type Operation } from './openapi-tools';
import { organizationId } from '../../src/testing/organization-rows';
import { everyTable, VOLATILE_TABLES } from './table-rows';

/**
 * The role matrix, generated from the one roles table (contracts/roles.ts) and the OpenAPI
 * document: every organization-scoped operation × {owner, admin, billing, member, non-member,
 * anonymous}. Each operation declares its permission (x-organization-permission, from the
 * procedure's meta); an organization-scoped operation without one fails here. Denied calls must
 * answer 401 / 404 / 403 FORBIDDEN and change no row; allowed roles must get past the check.
 * Roles are read from the database before each call, so ownership transfer mid-run is followed.
 */
type Actor = { name: string; id: number | null; uuid: string | null; token: string | undefined };

/** Organization-scoped by path (first segment) unless personal or public by design. */
const ORG_SEGMENTS = new Set(['organizations', 'branding', 'instances', 'subscription']);
const NOT_ORG_SCOPED = new Set([
  'GET /organizations',
  'POST /organizations',
  'GET /subscription/config',
]);

let h: TestHarness;
let ops: Operation[];
let A: SecurityResourceSet;
let owner: Actor;
let admin: Actor;
let billing: Actor;
let member: Actor;
let transferTarget: Actor;
let removalTarget: Actor;
let outsider: Actor;
const anonymous: Actor = { name: 'anonymous', id: null, uuid: null, token: undefined };
let invitationUuid: string;
let emailSeq = 0;

async function addMember(label: string, role: OrganizationRole): Promise<Actor> {
  const user = await h.createUser({ verified: true, email: `${label}-${Date.now()}@example.com` });
  const org = { id: await organizationId(h.db, A.orgUuid) };
  if (role !== 'owner') {
    await h.db
      .insertInto('organization_members')
      .values({ organization_id: org.id, user_id: user.id, role, joined_at: new Date() })
      .execute();
  }
  return { name: label, id: user.id, uuid: user.uuid, token: user.token };
}

beforeAll(async () => {
  h = await createHarness();
  ops = await loadOperations(h);
  A = await buildSecurityResourceSet(h, 'rolematrix');
  owner = { name: 'owner', id: A.user.id, uuid: A.user.uuid, token: A.user.token };
  admin = await addMember('admin', 'admin');
  billing = await addMember('billing', 'billing');
  member = await addMember('member', 'member');
  transferTarget = await addMember('transfer-target', 'member');
  removalTarget = await addMember('removal-target', 'member');
  const stranger = await h.createUser({ verified: true, email: `outsider-${Date.now()}@x.com` });
  outsider = { name: 'non-member', id: stranger.id, uuid: stranger.uuid, token: stranger.token };
  const invite = await h.rest('POST', `/organizations/${A.orgUuid}/invitations`, {
    token: owner.token,
    body: { email: 'pending-invitee@example.com', role: 'member' },
  });
  expect(invite.status, invite.text).toBe(201);
  invitationUuid = invite.body.data.uuid as string;
}, 90_000);
afterAll(() => h?.close());

function isOrganizationScoped(op: Operation): boolean {
  // Public operations (public branding by uuid) answer anyone by design.
  if (!op.secured || NOT_ORG_SCOPED.has(op.key)) return false;
  const first = op.path.split('/').filter(Boolean)[0] ?? '';
  if (ORG_SEGMENTS.has(first)) return true;
  const bodyProps = Object.keys((op.bodySchema?.properties ?? {}) as Json);
  return (
    !op.path.startsWith('/support') &&
    (op.queryParams.some((p) => ORG_KEYS.includes(p.name as string)) ||
      bodyProps.some((k) => ORG_KEYS.includes(k)))
  );
}

function idFor(path: string, param: string): string {
  const webhookId = webhookIdFor(A, path, param);
  if (webhookId) return webhookId;
  if (param === 'user_uuid') return removalTarget.uuid!;
  if (param === 'uuid' && path.includes('/invitations/')) return invitationUuid;
  if (path.startsWith('/instances')) return A.instanceUuid!;
  if (path.startsWith('/subscription/invoices')) return A.invoiceId!;
  return A.orgUuid;
}

/** A valid request for the operation on A's organization (so validation never hides the check). */
function requestFor(op: Operation) {
  return sampleRequest(
    op,
    A.orgUuid,
    (name) => idFor(op.path, name),
    (body, props) => {
      if (props.role) body.role = 'billing'; // admins may give it (only the owner gives admin)
      if (props.user_uuid) body.user_uuid = transferTarget.uuid;
      if (props.email) body.email = `invitee-${(emailSeq += 1)}@example.com`;
    },
  );
}

async function roleOf(actor: Actor): Promise<OrganizationRole | null> {
  if (actor.id === null) return null;
  const row = await h.db
    .selectFrom('organization_members')
    .innerJoin('organizations', 'organizations.id', 'organization_members.organization_id')
    .select('organization_members.role')
    .where('organizations.uuid', '=', A.orgUuid)
    .where('organization_members.user_id', '=', actor.id)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** Every row of every table but the calling actors' own sessions, activity and user rows. */
async function snapshot(callers: Actor[]): Promise<Map<string, string>> {
  const ids = new Set(callers.map((a) => a.id).filter((id) => id !== null));
  const out = new Map<string, string>();
  for (const { table: table_name, rows } of await everyTable(h.db)) {
    if (VOLATILE_TABLES.has(table_name)) continue;
    for (const row of rows) {
      if (ids.has(row.user_id) && table_name !== 'organization_members') continue;
      if (table_name === 'users' && ids.has(row.id)) continue;
      const key = JSON.stringify(row);
      out.set(`${table_name}#${key}`, key);
    }
  }
  return out;
}

function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [
    ...[...after.keys()].filter((k) => !before.has(k)).map((k) => `added ${k.slice(0, 160)}`),
    ...[...before.keys()].filter((k) => !after.has(k)).map((k) => `removed ${k.slice(0, 160)}`),
  ];
}

type Target = { key: string; permission: OrganizationPermission | undefined; op?: Operation };

/** Non-destructive first; ownership transfer, then DELETEs, and deleting the organization last. */
function rank(key: string): number {
  if (key === 'DELETE /organizations/{id}') return 4;
  // The instance itself after its parts (its custom domain).
  if (key === 'DELETE /instances/{uuid}') return 3.5;
  if (key.startsWith('DELETE')) return 3;
  if (key === 'POST /organizations/{id}/transfer-ownership') return 2;
  return 1;
}

const ACCESS_NOT_FOUND = [
  'Organization not found',
  'Instance not found',
  'Branding not found',
  'Invoice not found',
];

describe('role matrix', () => {
  it('every organization-scoped operation declares a permission and enforces it for every role', async () => {
    const targets: Target[] = ops.filter(isOrganizationScoped).map((op) => ({
      key: op.key,
      op,
      permission: op.op['x-organization-permission'] as OrganizationPermission | undefined,
    }));
    // The download routes (plain Fastify routes, not in the document).
    targets.push(
      { key: 'GET /subscription/invoices/{id}', permission: 'viewBilling' },
      { key: 'GET /subscription/invoices/{id}/pdf', permission: 'viewBilling' },
      { key: 'GET /organizations/{id}/data-exports/{uuid}/download', permission: 'manage' },
    );
    targets.sort((x, y) => rank(x.key) - rank(y.key));
    const undeclared = targets.filter((t) => !t.permission).map((t) => t.key);
    expect(undeclared, 'organization-scoped operations without a declared permission').toEqual([]);
    expect(targets.length).toBeGreaterThan(25);

    const failures: string[] = [];
    const actors = [anonymous, outsider, member, billing, admin, owner, transferTarget];
    let calls = 0;
    const send = async (target: Target, actor: Actor) => {
      const request = target.op
        ? requestFor(target.op)
        : {
            url: target.key.includes('data-exports')
              ? `/organizations/${A.orgUuid}/data-exports/00000000-0000-4000-8000-000000000000/download`
              : target.key.slice(4).replace('{id}', A.invoiceId!),
            query: {},
            body: undefined,
            headers: {},
          };
      calls += 1;
      const res = await h.rest(target.key.split(' ')[0] as 'GET', request.url, {
        token: actor.token,
        query: request.query,
        body: request.body,
        headers: request.headers,
      });
      expect(leaks(res.text), `${target.key} as ${actor.name} leaks`).toBeUndefined();
      return res;
    };
    for (const target of targets) {
      const permission = target.permission!;
      const roles = new Map<Actor, OrganizationRole | null>();
      for (const actor of actors) roles.set(actor, await roleOf(actor));
      const denied = actors.filter((a) => !can(roles.get(a), permission));
      const allowed = actors.filter((a) => can(roles.get(a), permission));

      // Every refused call first, with one snapshot around them all: nothing may change.
      const before = await snapshot(denied);
      for (const actor of denied) {
        const role = roles.get(actor) ?? null;
        const who = `${target.key} as ${actor.name} (${role ?? 'none'})`;
        const res = await send(target, actor);
        const expected = actor.token === undefined ? 401 : role === null ? 404 : 403;
        if (res.status !== expected) {
          failures.push(
            `${who}: expected ${expected}, got ${res.status} ${res.text.slice(0, 160)}`,
          );
        } else if (expected === 403 && res.body.code !== 'FORBIDDEN') {
          failures.push(`${who}: 403 without code FORBIDDEN`);
        } else if (expected === 403 && !String(res.body.message).startsWith('Only the owner')) {
          failures.push(`${who}: 403 message does not say what is missing: ${res.body.message}`);
        }
      }
      const rows = changed(before, await snapshot(denied));
      if (rows.length > 0) failures.push(`${target.key}: refused calls changed ${rows.join('; ')}`);

      // Allowed roles get past the check (a destructive operation: the least privileged one only).
      const destructive = target.key.startsWith('DELETE') || target.key.includes('transfer');
      for (const actor of destructive ? allowed.slice(0, 1) : allowed) {
        const res = await send(target, actor);
        const blocked =
          res.status === 401 ||
          res.status === 403 ||
          (res.status === 404 && ACCESS_NOT_FOUND.includes(res.body.message as string));
        if (blocked) {
          failures.push(
            `${target.key} as ${actor.name} (${roles.get(actor)}): allowed but got ${res.status} ${res.text.slice(0, 160)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    console.info(
      `role matrix: ${targets.length} operations × 6 roles, ${calls} calls; permissions used: ${Object.keys(ORGANIZATION_PERMISSIONS).join(', ')}`,
    );
  }, 240_000);
});
