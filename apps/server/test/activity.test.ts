import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../src/testing/harness';
import { activityRows } from '../src/testing/recorded-rows';
import { useHarness } from '../src/testing/use-harness';

let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });

const UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('activity events from each area', () => {
  it('records sign-ins, sign-outs, password, profile, session and organization events', async () => {
    const user = await h.createUser({ verified: true });
    const headers = { 'user-agent': UA };
    const failed = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: 'wrong password' },
      headers,
    });
    expect(failed.status).toBe(401);
    const login = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
      headers,
    });
    const token = login.body.data.token as string;
    await h.rest('PUT', '/profile', {
      token,
      headers,
      body: { name: 'Renamed', email: user.email },
    });
    await h.rest('PUT', '/profile/password', {
      token,
      headers,
      body: {
        current_password: user.password,
        password: 'a brand new passphrase',
        password_confirmation: 'a brand new passphrase',
      },
    });
    const second = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: 'a brand new passphrase' },
      headers,
    });
    const sessions = await h.rest('GET', '/profile/sessions', { token });
    const other = sessions.body.data.find((s: { current: boolean }) => !s.current);
    await h.rest('DELETE', `/profile/sessions/${other.id}`, { token });
    await h.rest('POST', '/organizations', {
      token,
      headers,
      body: { name: 'Activity Academy', type: 'school' },
    });
    await h.rest('POST', '/auth/logout', { token, headers });
    expect(second.status).toBe(200);

    const rows = await activityRows(h.db, user.id);
    const byAction = (action: string) => rows.find((r) => r.action === action);
    expect(byAction('login.failed')).toMatchObject({ type: 'login' });
    expect(byAction('login.failed')?.severity).not.toBe('info');
    expect(byAction('login.success')).toMatchObject({
      type: 'login',
      severity: 'info',
      device: 'Chrome on macOS',
      location: 'Local network',
    });
    expect(byAction('login.success')?.ip_address).toBeTruthy();
    expect(byAction('profile.updated')).toMatchObject({ type: 'profile' });
    expect(byAction('password.changed')).toMatchObject({ type: 'security' });
    expect(byAction('session.revoked')).toMatchObject({ type: 'security' });
    expect(byAction('organization.created')).toMatchObject({ type: 'organization' });
    expect(rows.some((r) => r.action === 'logout')).toBe(true);
  });
});

describe('activity log API', () => {
  it('filters by type and period, paginates by cursor and summarises', async () => {
    const user = await h.createUser({ verified: true });
    const base = h.clock.now().getTime();
    const insert = (daysAgo: number, type: string, action: string, description: string) =>
      h.db
        .insertInto('activity_events')
        .values({
          user_id: user.id,
          type: type as 'login',
          action,
          description,
          severity: action === 'login.failed' ? 'medium' : 'info',
          ip_address: '203.0.113.7',
          user_agent: UA,
          device: 'Chrome on macOS',
          location: 'Unknown',
          created_at: new Date(base - daysAgo * 86_400_000),
        })
        .execute();
    for (let i = 0; i < 25; i++) await insert(i * 0.1, 'login', 'login.success', `Sign-in ${i}`);
    await insert(1, 'login', 'login.failed', 'Failed sign-in attempt');
    await insert(2, 'profile', 'profile.updated', 'Updated profile information');
    await insert(60, 'security', 'password.changed', 'Changed account password');
    await insert(200, 'organization', 'organization.created', 'Created organization "Old"');

    const page1 = await h.rest('GET', '/activity', { token: user.token });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(20);
    expect(page1.body.data[0]).toMatchObject({
      description: 'Sign-in 0',
      device: 'Chrome on macOS',
      location: 'Unknown',
      ip_address: '203.0.113.7',
      severity: 'info',
      type: 'login',
    });
    expect(page1.body.data[0].id).toMatch(/^[0-9a-f-]{36}$/);
    const page2 = await h.rest('GET', '/activity', {
      token: user.token,
      query: { cursor: page1.body.next_cursor },
    });
    // default 30 days: 25 sign-ins + failed + profile = 27
    expect(page2.body.data).toHaveLength(7);
    expect(page2.body.next_cursor).toBeNull();
    const ids = new Set([...page1.body.data, ...page2.body.data].map((e: { id: string }) => e.id));
    expect(ids.size).toBe(27);

    const profile = await h.rest('GET', '/activity', {
      token: user.token,
      query: { type: 'profile' },
    });
    expect(profile.body.data.map((e: { description: string }) => e.description)).toEqual([
      'Updated profile information',
    ]);
    const year = await h.rest('GET', '/activity', {
      token: user.token,
      query: { type: 'organization', days: '365' },
    });
    expect(year.body.data).toHaveLength(1);
    const ninety = await h.rest('GET', '/activity', {
      token: user.token,
      query: { type: 'security', days: '90' },
    });
    expect(ninety.body.data).toHaveLength(1);
    expect(
      (await h.rest('GET', '/activity', { token: user.token, query: { days: '14' } })).status,
    ).toBe(422);
    expect(
      (await h.rest('GET', '/activity', { token: user.token, query: { type: 'nope' } })).status,
    ).toBe(422);
    expect(
      (await h.rest('GET', '/activity', { token: user.token, query: { cursor: 'garbage' } }))
        .status,
    ).toBe(422);

    const summary = await h.rest('GET', '/activity/summary', {
      token: user.token,
      query: { days: '30' },
    });
    expect(summary.body.data).toMatchObject({
      successful_logins: 25,
      failed_attempts: 1,
      active_devices: 1,
    });
    const week = await h.rest('GET', '/activity/summary', {
      token: user.token,
      query: { days: '7' },
    });
    expect(week.body.data.successful_logins).toBe(25);

    // other users never see these events
    const stranger = await h.createUser({ verified: true });
    const theirs = await h.rest('GET', '/activity', { token: stranger.token });
    expect(theirs.body.data).toHaveLength(0);
  });

  it('exports CSV with escaping and without spreadsheet formulas', async () => {
    const user = await h.createUser({ verified: true });
    await h.db
      .insertInto('activity_events')
      .values({
        user_id: user.id,
        type: 'organization',
        action: 'organization.created',
        description: '=HYPERLINK("http://evil.example","Click, here")',
        severity: 'info',
        ip_address: '127.0.0.1',
        user_agent: null,
        device: '+Chrome on macOS',
        location: 'Local network',
        created_at: h.clock.now(),
      })
      .execute();
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/activity/export?type=organization&days=30',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="activity-log-/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Type,Action,Description,Severity,IP address,Device,Location');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `,"'=HYPERLINK(""http://evil.example"",""Click, here"")",info,127.0.0.1,'+Chrome on macOS,Local network`,
    );
    const anon = await h.app.inject({ method: 'GET', url: '/api/v1/activity/export' });
    expect(anon.statusCode).toBe(401);
    const bad = await h.app.inject({
      method: 'GET',
      url: '/api/v1/activity/export?days=3',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(bad.statusCode).toBe(422);
  });
});
