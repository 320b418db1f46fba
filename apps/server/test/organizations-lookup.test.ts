import { describe, expect, it } from 'vitest';
import { useOrganizationsWorld } from '../src/testing/organizations-world';

/**
 * The signed-in list (organizations.list) and the tenant shell's public lookup
 * (organizations.findPublic) are two procedures; on REST they share GET /organizations, the
 * lookup answering when the query says public=true (its meta.restFlag).
 */
const w = useOrganizationsWorld();

/** Makes an organization active (the lookup shows only active ones). */
const activate = (uuid: string) =>
  w.h.db.updateTable('organizations').set({ status: 'active' }).where('uuid', '=', uuid).execute();

/** An active organization on `subdomain`, as the lookup shows it (public fields). */
async function activeOrganization(subdomain: string) {
  const { uuid } = await w.made({ name: `${subdomain} School`, type: 'school', subdomain });
  await activate(uuid);
  return { name: `${subdomain} School`, subdomain, uuid, status: 'active' };
}

const lookup = (query: Record<string, string>, token?: string) =>
  w.h.rest('GET', '/organizations', { query, token });

describe('the signed-in list', () => {
  it('requires sign-in to list (without public=true)', async () => {
    const res = await w.h.rest('GET', '/organizations');
    expect(res.status).toBe(401);
  });

  it('is only the signed-in list on tRPC: the public use of it answers 401 without sign-in', async () => {
    await activeOrganization('trpc-list-school');
    const input = { public: 'true', subdomain: 'trpc-list-school' };
    const anonymous = await w.h.trpc('query', 'organizations.list', input);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.data.envelope.code).toBe('UNAUTHENTICATED');
    // Signed in, the flag and subdomain change nothing: the caller's own organizations.
    const stranger = await w.h.trpc('query', 'organizations.list', input, {
      token: w.other.token,
    });
    expect(stranger.status).toBe(200);
    const own = stranger.body.result.data.data as { subdomain: string; role: string }[];
    expect(own.map((o) => o.subdomain)).not.toContain('trpc-list-school');
    const mine = await w.h.trpc('query', 'organizations.list', input, { token: w.owner.token });
    const listed = mine.body.result.data.data as { subdomain: string; role: string }[];
    expect(listed.find((o) => o.subdomain === 'trpc-list-school')).toMatchObject({
      role: 'owner',
      type: 'school',
    });
  });
});

describe('the public fallback lookup', () => {
  it('answers active organizations on a subdomain with public fields only, without sign-in', async () => {
    const org = await w.made({ name: 'Public School', type: 'school', subdomain: 'public-school' });
    const pending = await w.h.rest('GET', '/organizations', {
      query: { subdomain: 'public-school', public: 'true' },
    });
    expect(pending.status).toBe(200);
    expect(pending.body.data).toEqual([]);
    await activate(org.uuid);
    const active = await w.h.rest('GET', '/organizations', {
      query: { subdomain: 'public-school', public: 'true' },
    });
    expect(active.body.data).toEqual([
      { name: 'Public School', subdomain: 'public-school', uuid: org.uuid, status: 'active' },
    ]);
  });

  it('is its own tRPC procedure, organizations.findPublic, answering without sign-in', async () => {
    const expected = [await activeOrganization('trpc-lookup-school')];
    const anonymous = await w.h.trpc('query', 'organizations.findPublic', {
      subdomain: 'trpc-lookup-school',
    });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.result.data).toEqual({ success: true, data: expected });
    // Signed in it is still the lookup (public fields), never the caller's list.
    const signedIn = await w.h.trpc(
      'query',
      'organizations.findPublic',
      { subdomain: 'trpc-lookup-school' },
      { token: w.owner.token },
    );
    expect(signedIn.body.result.data.data).toEqual(expected);
    const bare = await w.h.trpc('query', 'organizations.findPublic', {}, { token: w.owner.token });
    expect(bare.status).toBe(200);
    expect(bare.body.result.data.data).toEqual([]);
  });

  it('keeps the REST path: public=true (any true word) is the lookup, without it the list', async () => {
    const found = [await activeOrganization('rest-lookup-school')];
    const uuid = found[0]!.uuid;
    for (const flag of ['true', '1', 'TRUE', 'yes']) {
      const res = await lookup({ subdomain: 'rest-lookup-school', public: flag });
      expect(res.status, flag).toBe(200);
      expect(res.body, flag).toEqual({ success: true, data: found });
    }
    const signedIn = await lookup(
      { subdomain: 'rest-lookup-school', public: 'true' },
      w.owner.token,
    );
    expect(signedIn.body.data).toEqual(found);
    expect((await lookup({ public: 'true' })).body).toEqual({ success: true, data: [] });
    const queries: Record<string, string>[] = [
      {},
      { public: 'false' },
      { public: '0', subdomain: 'rest-lookup-school' },
    ];
    for (const query of queries) {
      expect((await lookup(query)).status, JSON.stringify(query)).toBe(401);
      const list = await lookup(query, w.owner.token);
      expect(list.status).toBe(200);
      expect(list.body.data.find((o: { uuid: string }) => o.uuid === uuid)).toMatchObject({
        role: 'owner',
      });
    }
    const malformed = await lookup({ public: 'maybe' });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors)).toEqual(['public']);
    const tooLong = await lookup({ public: 'true', subdomain: 'a'.repeat(254) });
    expect(tooLong.status).toBe(422);
    expect(Object.keys(tooLong.body.errors)).toEqual(['subdomain']);
  });

  it('asks an API token on the lookup for organizations:read, as on the list', async () => {
    const made = await w.h.rest('POST', '/user/api-tokens', {
      token: w.owner.token,
      body: { name: 'instances only', scopes: ['instances:read'], expires_in_days: null },
    });
    expect(made.status, made.text).toBe(201);
    const token = made.body.data.token as string;
    const queries: Record<string, string>[] = [{}, { public: 'true', subdomain: 'public-school' }];
    for (const query of queries) {
      const res = await lookup(query, token);
      expect(res.status, JSON.stringify(query)).toBe(403);
      expect(res.body.code).toBe('INSUFFICIENT_SCOPE');
    }
  });

  it('is one documented operation: GET /organizations with both parameters and both answers', async () => {
    const res = await w.h.rest('GET', '/openapi.json');
    const get = res.body.paths['/organizations'].get;
    expect(get.operationId).toBe('organizations-list');
    expect(get.parameters.map((p: { name: string }) => p.name)).toEqual(['public', 'subdomain']);
    const data = get.responses['200'].content['application/json'].schema.properties.data;
    expect(data.type).toBe('array');
    expect(data.items.anyOf.map((s: { required: string[] }) => s.required.length)).toEqual([13, 4]);
  });
});
