import { describe, expect, it } from 'vitest';
import { publicBranding } from '@scmp/api';
import { DEFAULT_BRANDING } from '@scmp/api/contracts';
import { h, owner, usePublicBrandingWorld } from './public-branding/fixtures';

/** The public branding of a tenant (by slug): answers, 404s, ETags and the cache; the dashboard summary. */
const { insertOrg } = usePublicBrandingWorld();

describe('GET /public/tenant/{slug}/branding', () => {
  it('answers an active tenant with its branding and defaults for blank fields', async () => {
    const org = await insertOrg({ subdomain: 'acme', name: 'Acme Academy' });
    await h.db
      .insertInto('brandings')
      .values({
        organization_id: org.id,
        company_name: 'Acme Learning',
        primary_color: '#112233',
        accent_color: '   ',
        logo_path: 'org-1/logo.png',
        custom_css: '.x { color: red; }',
      })
      .execute();
    const res = await h.rest('GET', '/public/tenant/acme/branding');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.tenant).toEqual({
      slug: 'acme',
      name: 'Acme Learning',
      uuid: org.uuid,
      status: 'active',
    });
    expect(res.body.data.branding).toEqual({
      ...DEFAULT_BRANDING,
      company_name: 'Acme Learning',
      primary_color: '#112233',
      logo_url: '/files/branding/org-1/logo.png',
      custom_css: '.x { color: red; }',
    });
    // No integer ids leak.
    expect(JSON.stringify(res.body)).not.toMatch(/"id":/);
  });

  it('uses the organization name when no company name is branded', async () => {
    await insertOrg({ subdomain: 'plain', name: 'Plain Camp' });
    const res = await h.rest('GET', '/public/tenant/PLAIN/branding');
    expect(res.status).toBe(200);
    expect(res.body.data.tenant.name).toBe('Plain Camp');
    expect(res.body.data.branding).toEqual(DEFAULT_BRANDING);
  });

  it('answers 404 for unknown, inactive, pending and malformed slugs, through both doors', async () => {
    await insertOrg({ subdomain: 'sleepy', status: 'inactive' });
    await insertOrg({ subdomain: 'waiting', status: 'pending' });
    for (const slug of ['nobody', 'sleepy', 'waiting', 'bad_slug!', '-x-']) {
      const res = await h.rest('GET', `/public/tenant/${encodeURIComponent(slug)}/branding`);
      expect(res.status, slug).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const trpc = await h.trpc('query', 'publicSite.tenantBranding', { slug: 'sleepy' });
    expect(trpc.status).toBe(404);
  });

  it('sends ETag and Cache-Control and answers 304 to a matching If-None-Match', async () => {
    await insertOrg({ subdomain: 'etagged' });
    const first = await h.rest('GET', '/public/tenant/etagged/branding');
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=10');
    const second = await h.rest('GET', '/public/tenant/etagged/branding', {
      headers: { 'if-none-match': etag },
    });
    expect(second.status).toBe(304);
    expect(second.text).toBe('');
    const stale = await h.rest('GET', '/public/tenant/etagged/branding', {
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(stale.status).toBe(200);
    expect(stale.body.data.tenant.slug).toBe('etagged');
  });

  it('keeps the ETag and 304 for large, compressed answers', async () => {
    const org = await insertOrg({ subdomain: 'bigcss' });
    await h.db
      .insertInto('brandings')
      .values({ organization_id: org.id, custom_css: `.a { color: red; }\n`.repeat(400) })
      .execute();
    const first = await h.rest('GET', '/public/tenant/bigcss/branding', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await h.rest('GET', '/public/tenant/bigcss/branding', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('serves from the cache until invalidated (or the TTL passes)', async () => {
    const org = await insertOrg({ subdomain: 'cached' });
    const before = await h.rest('GET', '/public/tenant/cached/branding');
    expect(before.body.data.branding.primary_color).toBe(DEFAULT_BRANDING.primary_color);
    await h.db
      .insertInto('brandings')
      .values({ organization_id: org.id, primary_color: '#abcdef' })
      .execute();
    const stillCached = await h.rest('GET', '/public/tenant/cached/branding');
    expect(stillCached.body.data.branding.primary_color).toBe(DEFAULT_BRANDING.primary_color);
    publicBranding.invalidateTenantBrandingCache('cached');
    const fresh = await h.rest('GET', '/public/tenant/cached/branding');
    expect(fresh.body.data.branding.primary_color).toBe('#abcdef');
    expect(fresh.headers.etag).not.toBe(before.headers.etag);

    // Deactivation shows once the TTL passes even without an explicit invalidation.
    await h.db
      .updateTable('organizations')
      .set({ status: 'inactive' })
      .where('id', '=', org.id)
      .execute();
    expect((await h.rest('GET', '/public/tenant/cached/branding')).status).toBe(200);
    h.clock.advance(11_000);
    expect((await h.rest('GET', '/public/tenant/cached/branding')).status).toBe(404);
  });

  it('invalidating everything clears every slug', async () => {
    const org = await insertOrg({ subdomain: 'allclear' });
    await h.rest('GET', '/public/tenant/allclear/branding');
    await h.db
      .updateTable('organizations')
      .set({ status: 'inactive' })
      .where('id', '=', org.id)
      .execute();
    publicBranding.invalidateTenantBrandingCache();
    expect((await h.rest('GET', '/public/tenant/allclear/branding')).status).toBe(404);
  });
});

describe('GET /dashboard/summary', () => {
  it('counts the user’s organizations, branded organizations and live instances', async () => {
    const user = await h.createUser({ verified: false });
    const empty = await h.rest('GET', '/dashboard/summary', { token: user.token });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({
      organization_count: 0,
      branded_organization_count: 0,
      instance_count: 0,
    });
    const a = await insertOrg({ subdomain: null, owner: user.id, status: 'pending' });
    await insertOrg({ subdomain: null, owner: user.id });
    await h.db
      .insertInto('brandings')
      .values({ organization_id: a.id, company_name: 'A' })
      .execute();
    await h.db
      .insertInto('instances')
      .values([
        {
          organization_id: a.id,
          owner_id: user.id,
          name: 'one',
          prefix: 'one',
          host: null,
          custom_domain: null,
        },
        {
          organization_id: a.id,
          owner_id: user.id,
          name: 'two',
          prefix: 'two',
          host: null,
          custom_domain: null,
          status: 'terminated',
        },
      ])
      .execute();
    const res = await h.trpc('query', 'dashboard.summary', undefined, {
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data.data).toEqual({
      organization_count: 2,
      branded_organization_count: 1,
      instance_count: 1,
    });
    // Branding exists at two levels: an organization whose instance is branded counts too, once.
    const b = await insertOrg({ subdomain: null, owner: user.id });
    const bInstance = await h.db
      .insertInto('instances')
      .values({
        organization_id: b.id,
        owner_id: user.id,
        name: 'b-main',
        prefix: 'bmain',
        host: null,
        custom_domain: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('brandings')
      .values({ instance_id: bInstance.id, primary_color: '#123456' })
      .execute();
    const [oneInstance] = await h.db
      .selectFrom('instances')
      .select('id')
      .where('organization_id', '=', a.id)
      .where('status', '!=', 'terminated')
      .execute();
    await h.db
      .insertInto('brandings')
      .values({ instance_id: oneInstance!.id, primary_color: '#654321' })
      .execute();
    const both = await h.rest('GET', '/dashboard/summary', { token: user.token });
    expect(both.body.data).toEqual({
      organization_count: 3,
      branded_organization_count: 2,
      instance_count: 2,
    });
    // Someone else's numbers are their own.
    const other = await h.rest('GET', '/dashboard/summary', { token: owner.token });
    expect(other.body.data.organization_count).toBeGreaterThan(2);
    expect((await h.rest('GET', '/dashboard/summary')).status).toBe(401);
  });
});
