import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_SCOPES,
  API_TOKEN_REQUESTS_PER_MINUTE,
  MAX_LIVE_API_TOKENS,
} from '@scmp/api/contracts/api-tokens';
import type { TestHarness } from '../src/testing/harness';
import { useHarness } from '../src/testing/use-harness';
import { organizationId } from '../src/testing/organization-rows';
import { activityOf, mailsTo } from '../src/testing/recorded-rows';

/**
 * Personal API tokens through both doors: shown once and hashed at rest, used like a session
 * token, bounded by their scopes, never reaching the account's own security operations, expiring,
 * revoked at once, last use written at most once a minute, a budget of requests per minute.
 */
let h: TestHarness;
let owner: Awaited<ReturnType<TestHarness['createUser']>>;

const create = (token: string, body: Record<string, unknown>) =>
  h.rest('POST', '/user/api-tokens', { token, body });

async function tokenWith(scopes: string[], expires: number | null = null): Promise<string> {
  const res = await create(owner.token, {
    name: `t-${scopes.length}-${Date.now() % 1000}`,
    scopes,
    expires_in_days: expires,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.token as string;
}

useHarness((made) => (h = made));
beforeAll(async () => {
  owner = await h.createUser({ verified: true });
});

describe('API tokens', () => {
  it('are shown once, stored as SHA-256 and a prefix, and listed without the token', async () => {
    const res = await create(owner.token, {
      name: 'School MIS',
      scopes: ['organizations:read', 'instances:read'],
      expires_in_days: 90,
    });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data.token).toMatch(/^scmp_pat_[0-9A-Za-z]{43}$/);
    expect(data.prefix).toBe(data.token.slice(0, 17));
    expect(data).toMatchObject({
      name: 'School MIS',
      scopes: ['organizations:read', 'instances:read'],
      last_used_at: null,
    });
    expect(new Date(data.expires_at).getTime() - h.clock.now().getTime()).toBe(90 * 86_400_000);
    const row = await h.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('uuid', '=', data.uuid)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(data.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(data.token.slice(17));
    const list = await h.rest('GET', '/user/api-tokens', { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(data.token.slice(17));
    expect(list.body.data.map((t: { uuid: string }) => t.uuid)).toContain(data.uuid);
    const mail = await mailsTo(h.db, owner.email);
    expect(mail.map((m) => m.subject)).toContain('A new API token was created');
    const activity = await activityOf(h.db, owner.id);
    expect(activity.map((a) => a.action)).toContain('api_token.created');
  });

  it('work as a bearer token on both doors, with RateLimit headers', async () => {
    const token = await tokenWith(['organizations:read', 'profile:read']);
    const rest = await h.rest('GET', '/organizations', { token });
    expect(rest.status).toBe(200);
    expect(rest.headers['ratelimit-policy']).toBe(
      `"default";q=${API_TOKEN_REQUESTS_PER_MINUTE};w=60`,
    );
    expect(String(rest.headers.ratelimit)).toMatch(/^"default";r=\d+;t=\d+$/);
    const trpc = await h.trpc('query', 'auth.me', undefined, { token });
    expect(trpc.status).toBe(200);
    expect(trpc.text).toContain(owner.email);
  });

  it('answer 403 INSUFFICIENT_SCOPE outside their scopes, naming the scope, on both doors', async () => {
    const token = await tokenWith(['instances:read']);
    const res = await h.rest('GET', '/organizations', { token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_SCOPE',
      required_scope: 'organizations:read',
    });
    expect(res.body.message).toContain('organizations:read');
    const trpc = await h.trpc('query', 'organizations.list', undefined, { token });
    expect(trpc.status).toBe(403);
  });

  it('never reach token management, password, two-factor, passkeys, sessions, profile edits or logout', async () => {
    const token = await tokenWith([...API_SCOPES]);
    const calls: [string, string, unknown?][] = [
      ['GET', '/user/api-tokens'],
      ['POST', '/user/api-tokens', { name: 'x', scopes: ['profile:read'], expires_in_days: 7 }],
      [
        'PUT',
        '/profile/password',
        { current_password: 'x', password: 'y', password_confirmation: 'y' },
      ],
      ['POST', '/two-factor/enable', { password: owner.password }],
      ['GET', '/two-factor/status'],
      ['GET', '/passkeys'],
      ['POST', '/passkeys/registration/options', {}],
      ['GET', '/profile/sessions'],
      ['DELETE', '/profile/sessions'],
      ['PUT', '/profile', { name: 'Changed by a token' }],
      ['POST', '/profile/email-change/confirm', { token: 'x'.repeat(43) }],
      ['POST', '/profile/email-change/resend'],
      ['DELETE', '/profile/email-change'],
      ['PUT', '/notifications/preferences', {}],
      ['POST', '/auth/logout'],
    ];
    for (const [method, path, body] of calls) {
      const res = await h.rest(method as 'GET', path, { token, body });
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    const me = await h.rest('GET', '/user', { token });
    expect(me.body.data.name).not.toBe('Changed by a token');
  });

  it('expire on time (test clock) and stop at once when revoked', async () => {
    const shortLived = await tokenWith(['profile:read'], 7);
    expect((await h.rest('GET', '/user', { token: shortLived })).status).toBe(200);
    h.clock.advance(7 * 86_400_000 + 1000);
    const expired = await h.rest('GET', '/user', { token: shortLived });
    expect(expired.status).toBe(401);
    expect(expired.body.session_expired).toBe(true);

    const created = await create(owner.token, {
      name: 'to revoke',
      scopes: ['profile:read'],
      expires_in_days: null,
    });
    const token = created.body.data.token as string;
    expect((await h.rest('GET', '/user', { token })).status).toBe(200);
    const revoked = await h.rest('DELETE', `/user/api-tokens/${created.body.data.uuid}`, {
      token: owner.token,
    });
    expect(revoked.status).toBe(200);
    expect((await h.rest('GET', '/user', { token })).status).toBe(401);
    // Another user's token, an unknown one and a malformed id are all 404.
    const other = await h.createUser({ verified: true });
    const mine = await create(owner.token, {
      name: 'mine',
      scopes: ['profile:read'],
      expires_in_days: 30,
    });
    for (const uuid of [mine.body.data.uuid, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await h.rest('DELETE', `/user/api-tokens/${uuid}`, { token: other.token });
      expect(res.status).toBe(404);
    }
  });

  it('record last use at most once a minute, with the address', async () => {
    const created = await create(owner.token, {
      name: 'usage',
      scopes: ['profile:read'],
      expires_in_days: null,
    });
    const token = created.body.data.token as string;
    const lastUsed = async () =>
      h.db
        .selectFrom('api_tokens')
        .select(['last_used_at', 'last_used_ip'])
        .where('uuid', '=', created.body.data.uuid)
        .executeTakeFirstOrThrow();
    await h.rest('GET', '/user', { token });
    const first = await lastUsed();
    expect(first.last_used_at).not.toBeNull();
    expect(first.last_used_ip).toBeTruthy();
    h.clock.advance(30_000);
    await h.rest('GET', '/user', { token });
    expect(new Date((await lastUsed()).last_used_at!).getTime()).toBe(
      new Date(first.last_used_at!).getTime(),
    );
    h.clock.advance(31_000);
    await h.rest('GET', '/user', { token });
    expect(new Date((await lastUsed()).last_used_at!).getTime()).toBeGreaterThan(
      new Date(first.last_used_at!).getTime(),
    );
  });

  it('have a budget of requests a minute: 429 with Retry-After once it is spent', async () => {
    const token = await tokenWith(['profile:read']);
    for (let i = 0; i < API_TOKEN_REQUESTS_PER_MINUTE; i += 1) {
      const res = await h.rest('GET', '/user', { token });
      if (res.status !== 200) throw new Error(`call ${i + 1}: ${res.status}`);
    }
    const spent = await h.rest('GET', '/user', { token });
    expect(spent.status).toBe(429);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    expect(String(spent.headers.ratelimit)).toMatch(/^"default";r=0;t=\d+$/);
    h.clock.advance(61_000);
    expect((await h.rest('GET', '/user', { token })).status).toBe(200);
  }, 60_000);

  it('need a verified e-mail, and at most 25 live ones per account', async () => {
    const unverified = await h.createUser({ verified: false });
    const refused = await create(unverified.token, {
      name: 'x',
      scopes: ['profile:read'],
      expires_in_days: 7,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.email_verification_required).toBe(true);

    const busy = await h.createUser({ verified: true });
    for (let i = 0; i < MAX_LIVE_API_TOKENS; i += 1) {
      const res = await h.db
        .insertInto('api_tokens')
        .values({
          user_id: busy.id,
          name: `n${i}`,
          token_hash: `hash-${busy.id}-${i}`,
          prefix: 'scmp_pat_x',
          scopes: ['profile:read'],
        })
        .execute();
      expect(res).toHaveLength(1);
    }
    const over = await create(busy.token, {
      name: 'one too many',
      scopes: ['profile:read'],
      expires_in_days: 7,
    });
    expect(over.status).toBe(422);
    expect(over.body.message).toContain('at most 25 active API tokens');
    // Bad input: unknown scope, odd expiry, no scopes.
    for (const body of [
      { name: 'x', scopes: ['everything'], expires_in_days: 7 },
      { name: 'x', scopes: ['profile:read'], expires_in_days: 8 },
      { name: 'x', scopes: [], expires_in_days: 7 },
      { name: '', scopes: ['profile:read'], expires_in_days: 7 },
    ]) {
      expect((await create(owner.token, body)).status).toBe(422);
    }
  });

  it("act with the owner's current organization role", async () => {
    const org = await h.rest('POST', '/organizations', {
      token: owner.token,
      body: { name: 'Token Academy', type: 'school', subdomain: `tok${Date.now() % 1e8}` },
    });
    expect(org.status, org.text).toBe(201);
    const orgUuid = org.body.data.uuid as string;
    const colleague = await h.createUser({ verified: true });
    const orgRow = { id: await organizationId(h.db, orgUuid) };
    await h.db
      .insertInto('organization_members')
      .values({
        organization_id: orgRow.id,
        user_id: colleague.id,
        role: 'member',
        joined_at: new Date(),
      })
      .execute();
    const created = await create(colleague.token, {
      name: 'colleague',
      scopes: ['organizations:read', 'organizations:write'],
      expires_in_days: 30,
    });
    const token = created.body.data.token as string;
    expect((await h.rest('GET', `/organizations/${orgUuid}`, { token })).status).toBe(200);
    const current = org.body.data;
    const edit = await h.rest('PUT', `/organizations/${orgUuid}`, {
      token,
      body: {
        name: 'Renamed by a member token',
        type: current.type,
        subdomain: current.subdomain,
        description: current.description ?? '',
      },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('FORBIDDEN');
    await h.db.deleteFrom('organization_members').where('user_id', '=', colleague.id).execute();
    expect((await h.rest('GET', `/organizations/${orgUuid}`, { token })).status).toBe(404);
  });
});
