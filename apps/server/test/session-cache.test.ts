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

/** Polls until `check` passes (the NOTIFY of a change made outside this process is asynchronous). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

describe('session cache', () => {
  it('answers signed-in calls from the cache once the session was read', async () => {
    const user = await h.createUser();
    expect(h.deps.events.connected()).toBe(true);
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(200);
    expect(h.deps.sessionCache.size()).toBeGreaterThan(0);
  });

  it('sees a change made behind its back (raw SQL, another process) through the trigger', async () => {
    const user = await h.createUser();
    expect((await h.rest('GET', '/user', { token: user.token })).body.data.name).not.toBe(
      'Renamed Behind',
    );
    // Raw SQL bypasses this process's Kysely plugin: only the database trigger's NOTIFY tells.
    await sql`UPDATE users SET name = 'Renamed Behind' WHERE id = ${user.id}`.execute(
      h.database.db,
    );
    await eventually(
      async () =>
        (await h.rest('GET', '/user', { token: user.token })).body.data?.name === 'Renamed Behind',
    );
    expect((await h.rest('GET', '/user', { token: user.token })).body.data.name).toBe(
      'Renamed Behind',
    );

    await sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${user.id}`.execute(
      h.database.db,
    );
    await eventually(
      async () => (await h.rest('GET', '/user', { token: user.token })).status === 401,
    );
    const refused = await h.rest('GET', '/user', { token: user.token });
    expect(refused.status).toBe(401);
    expect(refused.body.session_expired).toBe(true);
  });

  it('refuses a session revoked through the API on the very next call', async () => {
    const user = await h.createUser();
    const other = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const otherToken = other.body.data.token as string;
    expect((await h.rest('GET', '/user', { token: otherToken })).status).toBe(200);
    expect((await h.rest('POST', '/auth/logout', { token: otherToken })).status).toBe(200);
    expect((await h.rest('GET', '/user', { token: otherToken })).status).toBe(401);
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(200);
  });

  it('applies idle and absolute expiry to cached sessions too', async () => {
    const user = await h.createUser();
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(200);
    h.clock.advance((h.config.sessionIdleDays + 1) * 86_400_000);
    const res = await h.rest('GET', '/user', { token: user.token });
    expect(res.status).toBe(401);
    expect(res.body.session_expired).toBe(true);
  });
});
