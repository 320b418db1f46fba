import { describe, expect, it } from 'vitest';
import { publicBranding } from '@scmp/api';
import { DEFAULT_BRANDING } from '@scmp/api/contracts';
import { h, owner, usePublicBrandingWorld } from './public-branding/fixtures';

/** An organization's public branding, resolution field by field, and the public site config and analytics. */
const { insertOrg } = usePublicBrandingWorld();

describe('GET /organizations/{uuid}/branding?public=true', () => {
  it('answers the public fields of an active organization and 404 otherwise', async () => {
    const org = await insertOrg({ subdomain: 'fallback' });
    await h.db
      .insertInto('brandings')
      .values({
        organization_id: org.id,
        tagline: 'We teach',
        email_template_header: '<p>private</p>',
        favicon_path: 'org/fav.ico',
      })
      .execute();
    const res = await h.rest('GET', `/organizations/${org.uuid}/branding?public=true`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...DEFAULT_BRANDING,
      tagline: 'We teach',
      favicon_url: '/files/branding/org/fav.ico',
    });
    expect(res.body.data).not.toHaveProperty('email_template_header');

    const inactive = await insertOrg({ subdomain: null, status: 'inactive' });
    for (const id of [inactive.uuid, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '12']) {
      const r = await h.rest('GET', `/organizations/${id}/branding?public=true`);
      expect(r.status, id).toBe(404);
    }
  });
});

describe('resolveInstanceBranding', () => {
  it('takes each field from the instance, then the organization, then the defaults', async () => {
    const org = await insertOrg({ subdomain: 'layers' });
    const instance = await h.db
      .insertInto('instances')
      .values({
        organization_id: org.id,
        owner_id: owner.id,
        name: 'Main portal',
        prefix: 'main',
        host: 'main-layers.instances.localhost',
        custom_domain: null,
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('brandings')
      .values([
        {
          organization_id: org.id,
          company_name: 'Org Name',
          primary_color: '#000001',
          logo_path: 'o/logo.png',
        },
        { instance_id: instance.id, primary_color: '#000002', tagline: '' },
      ])
      .execute();
    const branding = await publicBranding.resolveInstanceBranding(h.db, instance.id);
    expect(branding.primary_color).toBe('#000002');
    expect(branding.company_name).toBe('Org Name');
    expect(branding.logo_url).toBe('/files/branding/o/logo.png');
    expect(branding.tagline).toBe(DEFAULT_BRANDING.tagline);
    expect(branding.secondary_color).toBe(DEFAULT_BRANDING.secondary_color);
    expect(await publicBranding.resolveInstanceBranding(h.db, 999_999)).toEqual(DEFAULT_BRANDING);
    expect(await publicBranding.resolveOrganizationBranding(h.db, org.id)).toMatchObject({
      primary_color: '#000001',
      company_name: 'Org Name',
    });
  });
});

describe('public site config and analytics', () => {
  it('GET /public/site-config answers the tenant and instance domains', async () => {
    const res = await h.rest('GET', '/public/site-config');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      tenant_domain: h.config.tenantDomain,
      instance_domain: h.config.instanceDomain,
      product_name: 'School & Camp Management Platform',
    });
  });

  it('POST /public/analytics/pageview counts a path and validates it', async () => {
    // The counts belong to the process: other test files in this worker may have counted too.
    const before = publicBranding.pageViewCount('/pricing');
    const res = await h.rest('POST', '/public/analytics/pageview', { body: { path: '/pricing' } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, data: { recorded: true } });
    expect(publicBranding.pageViewCount('/pricing')).toBe(before + 1);
    const bad = await h.rest('POST', '/public/analytics/pageview', { body: { path: 'nope' } });
    expect(bad.status).toBe(422);
  });

  it('the OpenAPI document lists the public paths', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/public/tenant/{slug}/branding',
      '/organizations/{uuid}/branding',
      '/public/site-config',
      '/public/analytics/pageview',
      '/dashboard/summary',
    ]) {
      expect(
        paths.some((x) => x.endsWith(p)),
        p,
      ).toBe(true);
    }
  });
});
