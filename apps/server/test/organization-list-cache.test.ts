import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../src/testing/harness';

let h: TestHarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

type User = Awaited<ReturnType<TestHarness['createUser']>>;

/** Polls until `check` passes (the NOTIFY of a change made outside this process is asynchronous). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

const list = async (user: User) => {
  const res = await h.rest('GET', '/organizations', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data as { uuid: string; name: string; instance_count: number; status: string }[];
};

async function createOrganization(user: User, name: string): Promise<string> {
  const res = await h.rest('POST', '/organizations', {
    body: { name, type: 'school' },
    token: user.token,
  });
  expect(res.status).toBe(201);
  return res.body.data.uuid as string;
}

/**
 * Lists until the owner's list stays cached: the NOTIFY of a change committed just before (e.g.
 * the test's own create) may arrive after the first list and rightly empty the cache once more.
 */
async function listUntilCached(user: User): Promise<void> {
  await eventually(async () => {
    await list(user);
    await new Promise((r) => setTimeout(r, 20));
    return h.deps.organizationListCache.get(String(user.id)) !== undefined;
  });
}

describe('organization list cache', () => {
  it('serves a repeated list from the cache, per owner', async () => {
    const owner = await h.createUser();
    const other = await h.createUser();
    await createOrganization(owner, 'Cached Academy');
    expect((await list(owner)).map((o) => o.name)).toEqual(['Cached Academy']);
    await listUntilCached(owner);
    expect(h.deps.organizationListCache.get(String(owner.id))).toHaveLength(1);
    expect(await list(other)).toEqual([]);
    await listUntilCached(other);
    expect(h.deps.organizationListCache.get(String(other.id))).toEqual([]);
  });

  it("shows this process's own changes on the very next call", async () => {
    const owner = await h.createUser();
    const uuid = await createOrganization(owner, 'First School');
    expect(await list(owner)).toHaveLength(1);
    await createOrganization(owner, 'Second School');
    expect((await list(owner)).map((o) => o.name)).toEqual(['Second School', 'First School']);
    const renamed = await h.rest('PUT', `/organizations/${uuid}`, {
      body: { name: 'First School Renamed', type: 'school' },
      token: owner.token,
    });
    expect(renamed.status).toBe(200);
    expect((await list(owner)).map((o) => o.name)).toContain('First School Renamed');
    expect((await h.rest('DELETE', `/organizations/${uuid}`, { token: owner.token })).status).toBe(
      200,
    );
    expect((await list(owner)).map((o) => [o.name, o.status])).toEqual([
      ['Second School', 'pending'],
      ['First School Renamed', 'closing'],
    ]);
  });

  it('sees organization and instance changes made behind its back through the triggers', async () => {
    const owner = await h.createUser();
    const uuid = await createOrganization(owner, 'Behind School');
    expect((await list(owner))[0]?.instance_count).toBe(0);

    // Raw SQL bypasses this process's Kysely plugin (as another process or psql would): only the
    // database trigger's NOTIFY tells the cache.
    await sql`UPDATE organizations SET name = 'Renamed Behind' WHERE uuid = ${uuid}`.execute(
      h.database.db,
    );
    await eventually(async () => (await list(owner))[0]?.name === 'Renamed Behind');
    expect((await list(owner))[0]?.name).toBe('Renamed Behind');

    await sql`
      INSERT INTO instances (organization_id, owner_id, name, prefix, host, status)
      SELECT id, owner_id, 'Main', 'main', ${`main-${uuid.slice(0, 8)}.example.test`}, 'active'
      FROM organizations WHERE uuid = ${uuid}`.execute(h.database.db);
    await eventually(async () => (await list(owner))[0]?.instance_count === 1);
    expect((await list(owner))[0]?.instance_count).toBe(1);

    await sql`UPDATE instances SET status = 'terminated', host = NULL
      WHERE organization_id = (SELECT id FROM organizations WHERE uuid = ${uuid})`.execute(
      h.database.db,
    );
    await eventually(async () => (await list(owner))[0]?.instance_count === 0);
    expect((await list(owner))[0]?.instance_count).toBe(0);
  });

  it('keeps cached lists through the health-check bookkeeping the list does not show', async () => {
    const owner = await h.createUser();
    await createOrganization(owner, 'Steady School');
    await listUntilCached(owner);
    await h.db.updateTable('instances').set({ last_health_check: h.clock.now() }).execute();
    expect(h.deps.organizationListCache.get(String(owner.id))).toHaveLength(1);
    // Nor does the database trigger announce it to the other processes.
    await new Promise((r) => setTimeout(r, 100));
    expect(h.deps.organizationListCache.get(String(owner.id))).toHaveLength(1);
  });
});
