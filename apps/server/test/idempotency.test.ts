import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestHarness } from '../src/testing/harness';
import { multipartBody } from '../src/testing/multipart';
import { useHarness } from '../src/testing/use-harness';
import { countOrganizationsNamed } from '../src/testing/organization-rows';
import { ticketsWithSubject } from '../src/testing/recorded-rows';

/**
 * Idempotency-Key on the POSTs that create or charge (issue 22): replay, mismatch, concurrency,
 * per-account keys, a failed request releasing its key, the 24-hour window, and stored responses
 * that never hold a secret in clear.
 */
let h: TestHarness;
let owner: Awaited<ReturnType<TestHarness['createUser']>>;

const createOrg = (token: string, key: string | undefined, name: string) =>
  h.rest('POST', '/organizations', {
    token,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    body: { name, type: 'school' },
  });

useHarness((made) => (h = made));
beforeAll(async () => {
  owner = await h.createUser({ verified: true });
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, without doing the work again', async () => {
    const first = await createOrg(owner.token, 'org-create-1', 'Replay Academy');
    expect(first.status, first.text).toBe(201);
    const again = await createOrg(owner.token, 'org-create-1', 'Replay Academy');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countOrganizationsNamed(h.db, 'Replay Academy')).toBe(1);
    // Without a key, the same body is a new request.
    expect((await createOrg(owner.token, undefined, 'Replay Academy')).status).toBe(201);
    expect(await countOrganizationsNamed(h.db, 'Replay Academy')).toBe(2);
  });

  it('answers 422 to the same key with another body, and changes nothing', async () => {
    expect((await createOrg(owner.token, 'org-create-2', 'Mismatch School')).status).toBe(201);
    const other = await createOrg(owner.token, 'org-create-2', 'Another School');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      success: false,
      message:
        'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    });
    expect(await countOrganizationsNamed(h.db, 'Another School')).toBe(0);
  });

  it('lets one of two concurrent requests with one key do the work', async () => {
    const [a, b] = await Promise.all([
      createOrg(owner.token, 'org-create-3', 'Concurrent College'),
      createOrg(owner.token, 'org-create-3', 'Concurrent College'),
    ]);
    const statuses = [a.status, b.status].sort();
    // The loser either waited for the stored answer (201, replayed) or was told to retry (409).
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    expect(await countOrganizationsNamed(h.db, 'Concurrent College')).toBe(1);
  });

  it('keeps keys per account, releases the key of a failed request, forgets keys after 24 h', async () => {
    const other = await h.createUser({ verified: true });
    expect((await createOrg(owner.token, 'shared-key', 'Owner Prep')).status).toBe(201);
    const theirs = await createOrg(other.token, 'shared-key', 'Other Prep');
    expect(theirs.status).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();

    const invalid = await h.rest('POST', '/organizations', {
      token: owner.token,
      headers: { 'idempotency-key': 'retry-me' },
      body: { name: '', type: 'school' },
    });
    expect(invalid.status).toBe(422);
    expect((await createOrg(owner.token, 'retry-me', 'Fixed Name School')).status).toBe(201);

    h.clock.advance(25 * 3600_000);
    const later = await createOrg(owner.token, 'shared-key', 'Owner Prep');
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await countOrganizationsNamed(h.db, 'Owner Prep')).toBe(2);
  });

  it('refuses a malformed key with 400', async () => {
    const res = await createOrg(owner.token, 'x'.repeat(256), 'Long Key School');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters.');
    expect(await countOrganizationsNamed(h.db, 'Long Key School')).toBe(0);
  });

  it('replays a new API token without keeping it in clear', async () => {
    const body = { name: 'MIS', scopes: ['organizations:read'], expires_in_days: 30 };
    const headers = { 'idempotency-key': 'token-1' };
    const first = await h.rest('POST', '/user/api-tokens', { token: owner.token, headers, body });
    expect(first.status, first.text).toBe(201);
    const again = await h.rest('POST', '/user/api-tokens', { token: owner.token, headers, body });
    expect(again.body.data.token).toBe(first.body.data.token);
    const rows = await h.db.selectFrom('idempotent_requests').select('response').execute();
    for (const row of rows) expect(row.response ?? '').not.toContain('scmp_pat_');
    const live = await h.db
      .selectFrom('api_tokens')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('name', '=', 'MIS')
      .executeTakeFirstOrThrow();
    expect(live.n).toBe(1);
  });

  it('checks the API token scope before replaying: a token outside the scope reads nothing', async () => {
    const first = await createOrg(owner.token, 'scoped-replay', 'Scoped Replay School');
    expect(first.status).toBe(201);
    const made = await h.rest('POST', '/user/api-tokens', {
      token: owner.token,
      body: { name: 'read only', scopes: ['organizations:read'], expires_in_days: 7 },
    });
    const readOnly = made.body.data.token as string;
    const replay = await createOrg(readOnly, 'scoped-replay', 'Scoped Replay School');
    expect(replay.status).toBe(403);
    expect(replay.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    expect(JSON.stringify(replay.body)).not.toContain(first.body.data.uuid);
  });

  it('covers the multipart ticket too (fields and file hashes), with RateLimit headers', async () => {
    const org = await createOrg(owner.token, undefined, 'Ticket School');
    expect(org.status).toBe(201);
    const send = (subject: string) => {
      const { body, headers } = multipartBody([
        { name: 'subject', value: subject },
        { name: 'description', value: 'The portal is slow.' },
        { name: 'category', value: 'general' },
        { name: 'organization_uuid', value: org.body.data.uuid as string },
        {
          name: 'attachments[0]',
          filename: 'note.txt',
          bytes: Buffer.from('hi'),
          type: 'text/plain',
        },
      ]);
      return h.rest('POST', '/support/tickets', {
        token: owner.token,
        headers: { ...headers, 'idempotency-key': 'ticket-1' },
        body,
      });
    };
    const first = await send('Slow portal');
    expect(first.status, first.text).toBe(201);
    expect(String(first.headers['ratelimit'])).toMatch(/^"default";r=\d+;t=\d+$/);
    const again = await send('Slow portal');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await send('Another subject')).status).toBe(422);
    expect(await ticketsWithSubject(h.db, 'Slow portal')).toBe(1);
  });
});
