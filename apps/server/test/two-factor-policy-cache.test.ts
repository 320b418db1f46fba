import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { addMemberRow, createOrganization } from '../src/testing/organization-rows';
import { expectTwoFactorRequiredOverTrpc } from '../src/testing/sso-helpers';
import { enableTwoFactor } from './auth/fixtures';

/**
 * "Require two-factor" is checked against a cached set of the organizations that require it
 * (packages/api domain/sso/two-factor-policy-cache.ts), so a member's call costs no policy query
 * while their organization is not among them. A change must take effect at once: through either
 * door on the very next call, and when made behind this process's back (another process, SQL by
 * hand) as soon as the database trigger's NOTIFY arrives.
 */
let h: TestHarness;
type User = Awaited<ReturnType<TestHarness['createUser']>>;
let owner: User;
let member: User;
let orgUuid: string;
let orgId: number;

/** Switches "Require two-factor" as the owner through `door` (200 expected). */
async function switchPolicy(door: 'rest' | 'trpc', on: boolean) {
  const res =
    door === 'rest'
      ? await h.rest('PATCH', `/organizations/${orgUuid}/sso-policy`, {
          token: owner.token,
          body: { require_two_factor: on },
        })
      : await h.trpc(
          'mutation',
          'sso.updatePolicy',
          { id: orgUuid, require_two_factor: on },
          { token: owner.token },
        );
  expect(res.status, res.text).toBe(200);
}

/** Polls until `check` passes (the NOTIFY of a change made outside this process is asynchronous). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

const memberCall = async (uuid = orgUuid) =>
  (await h.rest('GET', `/organizations/${uuid}`, { token: member.token })).status;

const setPolicyBehindItsBack = (on: boolean) =>
  // Raw SQL on the test's own connection bypasses this process's Kysely plugin (as another
  // process or psql would): only the database trigger's NOTIFY tells the cache.
  sql`INSERT INTO sso_policies (organization_id, require_two_factor) VALUES (${orgId}, ${on})
      ON CONFLICT (organization_id) DO UPDATE SET require_two_factor = ${on}`.execute(
    h.database.db,
  );

beforeAll(async () => {
  h = await createHarness();
  owner = await h.createUser();
  member = await h.createUser();
  ({ uuid: orgUuid, id: orgId } = await createOrganization(h, owner.token, {
    name: 'Policy Cache School',
    type: 'school',
  }));
  await addMemberRow(h.db, orgId, member.id, 'member');
  // The owner enrols in two-factor, so they can switch the policy off again.
  await enableTwoFactor(h, owner);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('the cached "Require two-factor" organizations', () => {
  it('keeps the set after a call, and a policy changed through either door applies on the next call', async () => {
    await eventually(async () => {
      expect(await memberCall()).toBe(200);
      return h.deps.twoFactorPolicyCache.size() === 1;
    });
    expect(h.deps.twoFactorPolicyCache.size()).toBe(1);

    await switchPolicy('rest', true);
    expect(await memberCall()).toBe(403);
    // A uuid spelled in capitals names the same organization.
    expect(await memberCall(orgUuid.toUpperCase())).toBe(403);

    await switchPolicy('trpc', false);
    expect(await memberCall()).toBe(200);

    await switchPolicy('trpc', true);
    await expectTwoFactorRequiredOverTrpc(h, orgUuid, member.token);

    await switchPolicy('rest', false);
    expect(await memberCall()).toBe(200);
  });

  it('applies a policy switched on or off behind its back as soon as the NOTIFY arrives', async () => {
    await eventually(async () => {
      expect(await memberCall()).toBe(200);
      return h.deps.twoFactorPolicyCache.size() === 1;
    });
    await setPolicyBehindItsBack(true);
    await eventually(async () => (await memberCall()) === 403);
    expect(await memberCall()).toBe(403);

    await setPolicyBehindItsBack(false);
    await eventually(async () => (await memberCall()) === 200);
    expect(await memberCall()).toBe(200);

    await setPolicyBehindItsBack(true);
    await eventually(async () => (await memberCall()) === 403);
    await sql`DELETE FROM sso_policies WHERE organization_id = ${orgId}`.execute(h.database.db);
    await eventually(async () => (await memberCall()) === 200);
    expect(await memberCall()).toBe(200);
  });
});
