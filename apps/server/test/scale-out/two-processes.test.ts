import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ALL_KEYS, notifyChange } from '@scmp/api';
import {
  a,
  b,
  database,
  email,
  insertOrg,
  insertVerifiedUser,
  login,
  PASSWORD,
  pollUntil,
  suffix,
  teamWithMember,
  uploads,
  useTwoServers,
  waitFor,
} from './cluster';
import { call, type ServerProcess } from './processes';

/**
 * Two server processes on one PostgreSQL (see cluster.ts): a session, a throttle, a cache or a
 * policy changed through one process holds in the other at once. (Their workers:
 * two-workers.test.ts.)
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

useTwoServers();

describe('two server processes on one PostgreSQL', () => {
  // B forgets a revoked session when A's NOTIFY arrives; under a loaded 2-CPU machine the next
  // request to B can be read a moment before it, so the refusal is polled for (up to a second).
  it('accepts a session created on A at B, and B refuses it as soon as A revokes it', async () => {
    const first = await login(a);
    const me = await call(b, 'GET', '/api/v1/user', { token: first });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(email);

    const second = await login(b);
    expect((await call(a, 'POST', '/api/v1/auth/logout', { token: first })).status).toBe(200);
    const refusedOnB = await pollUntil(b, '/api/v1/user', (res) => res.status === 401, 1000, first);
    expect(refusedOnB.res.status).toBe(401);
    expect((await call(a, 'GET', '/api/v1/user', { token: second })).status).toBe(200);

    // Revoking one session from the session list on B: A refuses it at once.
    const third = await login(a);
    const list = await call(b, 'GET', '/api/v1/profile/sessions', { token: second });
    const other = (list.body.data as Array<{ id: string; current: boolean }>).find(
      (s) => !s.current,
    );
    expect(other).toBeDefined();
    const revoked = await call(b, 'DELETE', `/api/v1/profile/sessions/${other!.id}`, {
      token: second,
    });
    expect(revoked.status).toBe(200);
    const refusedOnA = await pollUntil(a, '/api/v1/user', (res) => res.status === 401, 1000, third);
    expect(refusedOnA.res.status).toBe(401);
  });

  it('counts failed logins across both processes', async () => {
    const body = { email: `nobody-${suffix}@example.com`, password: 'wrong password here' };
    const servers = [a, b, a, b, a];
    for (const server of servers) {
      const res = await call(server, 'POST', '/api/v1/auth/login', { body });
      expect(res.status, server.name).not.toBe(429);
    }
    const sixth = await call(b, 'POST', '/api/v1/auth/login', { body });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('shows a branding edit made on A in B within a second, with a new ETag', async () => {
    const slug = `scale-${suffix}`;
    const org = await insertOrg(slug);
    const token = await login(a);
    const url = `/api/v1/public/tenant/${slug}/branding`;
    const before = await call(b, 'GET', url);
    expect(before.status).toBe(200);
    expect(before.body.data.tenant.name).toBe(`Org ${slug}`);
    const etag = before.headers.get('etag');
    expect(etag).toBeTruthy();
    // B now serves this answer from its cache (10 s TTL) until it hears of a change.

    const saved = await call(a, 'PUT', `/api/v1/branding/${org.uuid}`, {
      token,
      body: { company_name: 'Scaled Out Academy', primary_color: '#123456' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const branded = await pollUntil(
      b,
      url,
      (r) => r.body.data?.branding?.company_name === 'Scaled Out Academy',
    );
    expect(branded.res.body.data.branding.primary_color).toBe('#123456');
    expect(branded.ms).toBeLessThan(1000);
    expect(branded.res.headers.get('etag')).not.toBe(etag);

    // An organization edit on B (the tenant name falls back to it) reaches A's cache too.
    await call(b, 'PUT', `/api/v1/branding/${org.uuid}`, { token, body: { company_name: '' } });
    const unbranded = await pollUntil(a, url, (r) => r.body.data?.tenant?.name === `Org ${slug}`);
    expect(unbranded.ms).toBeLessThan(1000);
    const renamed = await call(b, 'PUT', `/api/v1/organizations/${org.uuid}`, {
      token,
      body: { name: 'Renamed Academy', type: 'school' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const onA = await pollUntil(a, url, (r) => r.body.data?.tenant?.name === 'Renamed Academy');
    expect(onA.ms).toBeLessThan(1000);

    // A status change committed by billing code (suspension) empties both caches on commit.
    await database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('organizations')
        .set({ status: 'inactive' })
        .where('id', '=', org.id)
        .execute();
      await notifyChange(trx, 'branding', ALL_KEYS);
    });
    for (const server of [a, b]) {
      const gone = await pollUntil(server, url, (r) => r.status === 404);
      expect(gone.res.status, server.name).toBe(404);
      expect(gone.ms, server.name).toBeLessThan(1000);
    }
  });

  it("shows an organization created on A in B's cached organization list within a second", async () => {
    const token = await login(b);
    const names = async (server: ServerProcess) => {
      const res = await call(server, 'GET', '/api/v1/organizations', { token });
      expect(res.status).toBe(200);
      return (res.body.data as Array<{ name: string }>).map((o) => o.name);
    };
    const before = await names(b); // B now answers this list from its cache
    const name = `Listed ${suffix}`;
    const created = await call(a, 'POST', '/api/v1/organizations', {
      token,
      body: { name, type: 'camp' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const after = await waitFor(
      () => names(b),
      (listed) => listed.includes(name),
    );
    expect(after.res).toContain(name);
    expect(after.res).toHaveLength(before.length + 1);
    expect(after.ms).toBeLessThan(1000);
  });

  it("takes a removed member's access away on B at once, organization list included", async () => {
    const { ownerToken, orgUuid, memberEmail, memberToken } = await teamWithMember('Team');
    const list = () => call(b, 'GET', '/api/v1/organizations', { token: memberToken });
    const listed = await waitFor(list, (res) => res.body.data.length > 0);
    expect(listed.res.body.data.map((o: { uuid: string }) => o.uuid)).toEqual([orgUuid]); // cached on B

    const members = await call(a, 'GET', `/api/v1/organizations/${orgUuid}/members`, {
      token: ownerToken,
    });
    const memberUuid = (members.body.data as Array<{ user: { uuid: string; email: string } }>).find(
      (m) => m.user.email === memberEmail,
    )!.user.uuid;
    const removed = await call(
      a,
      'DELETE',
      `/api/v1/organizations/${orgUuid}/members/${memberUuid}`,
      {
        token: ownerToken,
      },
    );
    expect(removed.status).toBe(200);
    // The next call on B already refuses (access is checked in the database) ...
    const page = await call(b, 'GET', `/api/v1/organizations/${orgUuid}`, { token: memberToken });
    expect(page.status).toBe(404);
    // ... and B's cached list forgets the organization within a second.
    const forgotten = await waitFor(list, (res) => res.body.data.length === 0);
    expect(forgotten.res.body.data).toEqual([]);
    expect(forgotten.ms).toBeLessThan(1000);
    // The member's session still works for everything else.
    expect((await call(b, 'GET', '/api/v1/user', { token: memberToken })).status).toBe(200);
  });

  it('serves a logo uploaded on A from B (shared uploads folder)', async () => {
    const slug = `logo-${suffix}`;
    const org = await insertOrg(slug);
    const token = await login(a);
    const url = `/api/v1/public/tenant/${slug}/branding`;
    expect((await call(b, 'GET', url)).body.data.branding.logo_url).toBe('');
    const form = new FormData();
    form.append('logo', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const res = await fetch(`${a.url}/api/v1/branding/${org.uuid}/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const logoUrl = ((await res.json()) as { data: { logo_url: string } }).data.logo_url;
    expect(logoUrl).toMatch(/^\/files\/branding\//);

    // A wrote it into the one UPLOADS_DIR both processes use (their DATA_DIRs differ).
    expect(existsSync(path.join(uploads, logoUrl.replace('/files/branding/', '')))).toBe(true);
    const download = await fetch(`${b.url}${logoUrl}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).length).toBeGreaterThan(0);
    const shown = await pollUntil(b, url, (r) => r.body.data?.branding?.logo_url === logoUrl);
    expect(shown.ms).toBeLessThan(1000);
  });

  it('applies "Require two-factor" switched on at A to calls at B within a second', async () => {
    const { ownerToken, orgUuid, orgId, memberToken } = await teamWithMember('Policy');
    const page = `/api/v1/organizations/${orgUuid}`;
    // B caches which organizations require two-factor (none of this one's yet).
    expect((await call(b, 'GET', page, { token: memberToken })).status).toBe(200);

    const on = await call(a, 'PATCH', `/api/v1/organizations/${orgUuid}/sso-policy`, {
      token: ownerToken,
      body: { require_two_factor: true },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const blocked = await pollUntil(b, page, (res) => res.status === 403, 3000, memberToken);
    expect(blocked.res.body.code).toBe('TWO_FACTOR_REQUIRED');
    expect(blocked.ms).toBeLessThan(1000);

    // Switched off by hand in the database: both processes hear the trigger's NOTIFY.
    await sql`UPDATE sso_policies SET require_two_factor = false WHERE organization_id = ${orgId}`.execute(
      database.db,
    );
    const open = await pollUntil(b, page, (res) => res.status === 200, 3000, memberToken);
    expect(open.res.status).toBe(200);
    expect(open.ms).toBeLessThan(1000);
  });

  it('a deleted account is refused on B at once (issue 38)', async () => {
    const leaverEmail = `leaver-${suffix}@example.com`;
    await insertVerifiedUser('Scale Leaver', leaverEmail);
    const onA = await login(a, leaverEmail);
    const onB = await login(b, leaverEmail);
    expect((await call(b, 'GET', '/api/v1/user', { token: onB })).status).toBe(200);
    const deleted = await call(a, 'DELETE', '/api/v1/user', {
      token: onA,
      body: { password: PASSWORD, confirm: 'DELETE' },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const refused = await pollUntil(b, '/api/v1/user', (res) => res.status === 401, 1000, onB);
    expect(refused.res.status).toBe(401);
    const again = await call(b, 'POST', '/api/v1/auth/login', {
      body: { email: leaverEmail, password: PASSWORD },
    });
    expect(again.status).toBe(401);
  });
});
