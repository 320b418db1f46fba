import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../../src/testing/harness';
import { useHarness } from '../../src/testing/use-harness';
import { rowsOfUser } from './fixtures';

let h: TestHarness;
useHarness((made) => (h = made));

const DAY = 86_400_000;

describe('sessions', () => {
  it('validate-session answers valid for a live token and 401 without one', async () => {
    const user = await h.createUser();
    const ok = await h.rest('GET', '/auth/validate-session', { token: user.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, data: { valid: true } });
    const none = await h.rest('GET', '/auth/validate-session');
    expect(none.status).toBe(401);
    expect(none.body.session_expired).toBeUndefined();
    const unknown = await h.rest('GET', '/auth/validate-session', { token: 'made-up-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.session_expired).toBeUndefined();
  });

  it('expires after 30 days without activity (session_expired) but not while in use', async () => {
    const user = await h.createUser();
    h.clock.advance(20 * DAY);
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(200);
    h.clock.advance(20 * DAY);
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(200);
    h.clock.advance(31 * DAY);
    const expired = await h.rest('GET', '/user', { token: user.token });
    expect(expired.status).toBe(401);
    expect(expired.body.session_expired).toBe(true);
    expect(expired.body.message).toBe('Your session has expired. Please log in again.');
  });

  it('refreshes last activity at most once a minute', async () => {
    const user = await h.createUser();
    const lastActive = async () => {
      const [session] = await rowsOfUser(h, 'sessions', user.id);
      return new Date(session!.last_active_at).getTime();
    };
    const first = await lastActive();
    h.clock.advance(30_000);
    await h.rest('GET', '/user', { token: user.token });
    expect(await lastActive()).toBe(first);
    h.clock.advance(31_000);
    await h.rest('GET', '/user', { token: user.token });
    expect(await lastActive()).toBe(first + 61_000);
  });

  it('logout deletes the session on the server', async () => {
    const user = await h.createUser();
    const out = await h.rest('POST', '/auth/logout', { token: user.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'Logged out successfully' });
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(401);
    const rows = await rowsOfUser(h, 'sessions', user.id);
    expect(rows).toHaveLength(0);
  });
});
