import { describe, expect, it } from 'vitest';
import { organizationClosure } from '@scmp/api';
import { organizationId } from '../src/testing/organization-rows';
import { activityOf } from '../src/testing/recorded-rows';
import { insertLiveSubscription } from '../src/testing/billing-fixtures';
import { useOrganizationsWorld } from '../src/testing/organizations-world';

const w = useOrganizationsWorld();

describe('editing and deleting', () => {
  it('updates with the edit texts and keeps the subdomain when none is sent', async () => {
    const org = await w.made({ name: 'Edit Me', type: 'school', subdomain: 'edit-me' });
    const bad = await w.h.rest('PUT', `/organizations/${org.uuid}`, {
      body: { name: '', type: '' },
      token: w.owner.token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.name).toEqual(['Organisation name is required']);
    expect(bad.body.errors.type).toEqual(['Organisation type is required']);
    const res = await w.h.rest('PUT', `/organizations/${org.uuid}`, {
      body: { name: 'Edited', type: 'camp', description: 'Now a camp' },
      token: w.owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Edited',
      type: 'camp',
      description: 'Now a camp',
      subdomain: 'edit-me',
    });
    const renamed = await w.h.rest('PUT', `/organizations/${org.uuid}`, {
      body: { name: 'Edited', type: 'camp', subdomain: 'Edited-Slug' },
      token: w.owner.token,
    });
    expect(renamed.body.data.subdomain).toBe('edited-slug');
    const actions = (await activityOf(w.h.db, w.owner.id)).map((e) => e.action);
    expect(actions).toContain('organization.created');
    expect(actions).toContain('organization.updated');
    expect(actions).toContain('organization.subdomain_changed');
  });

  it('answers 404 for another user on every route and changes nothing', async () => {
    const org = await w.made({ name: 'Private', type: 'other', subdomain: 'private-org' });
    const t = w.other.token;
    expect((await w.h.rest('GET', `/organizations/${org.uuid}`, { token: t })).status).toBe(404);
    const put = await w.h.rest('PUT', `/organizations/${org.uuid}`, {
      body: { name: 'Hijacked', type: 'camp', subdomain: 'hijacked' },
      token: t,
    });
    expect(put.status).toBe(404);
    expect((await w.h.rest('DELETE', `/organizations/${org.uuid}`, { token: t })).status).toBe(404);
    expect(
      (await w.h.rest('GET', '/instances', { query: { organization_id: org.uuid }, token: t }))
        .status,
    ).toBe(404);
    const list = await w.h.rest('GET', '/organizations', { token: t });
    expect(list.body.data.map((o: { uuid: string }) => o.uuid)).not.toContain(org.uuid);
    const after = await w.h.rest('GET', `/organizations/${org.uuid}`, { token: w.owner.token });
    expect(after.body.data).toEqual(org);
    // tRPC door too
    const trpc = await w.h.trpc('query', 'organizations.get', { id: org.uuid }, { token: t });
    expect(trpc.status).toBe(404);
  });

  it('answers 404 (not 500) for ids that are not uuids', async () => {
    for (const id of ['123', 'not-a-uuid', "1' or 1=1"]) {
      const res = await w.h.rest('GET', `/organizations/${encodeURIComponent(id)}`, {
        token: w.owner.token,
      });
      expect(res.status, id).toBe(404);
    }
  });

  it('closes the organization at once (even with a live subscription) and purges its instances, branding rows and files on day 60', async () => {
    const org = await w.made({ name: 'Doomed', type: 'school', subdomain: 'doomed' });
    const row = { id: await organizationId(w.h.db, org.uuid) };
    await insertLiveSubscription(w.h, org.uuid);
    const inst = await w.h.rest('POST', '/instances', {
      body: { organization_uuid: org.uuid, name: 'Main' },
      token: w.owner.token,
    });
    expect(inst.status).toBe(201);
    await w.h.deps.storage.put('branding/doomed-logo.png', Buffer.from('png'));
    await w.h.db
      .insertInto('brandings')
      .values({
        organization_id: row.id,
        instance_id: null,
        company_name: 'Doomed',
        tagline: null,
        primary_color: null,
        secondary_color: null,
        accent_color: null,
        nav_text_color: null,
        nav_text_hover_color: null,
        nav_background_color: null,
        footer_text: null,
        email_template_header: null,
        email_template_footer: null,
        custom_css: null,
        logo_path: 'branding/doomed-logo.png',
        favicon_path: null,
      })
      .execute();
    const res = await w.h.rest('DELETE', `/organizations/${org.uuid}`, { token: w.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.status).toBe('closing');
    // Day 60: the purge (its own `now`, so the test's sessions stay fresh).
    await organizationClosure.purgeClosedOrganizations(
      w.h.deps,
      new Date(w.h.clock.now().getTime() + 60 * 86_400_000),
    );
    expect(
      (await w.h.rest('GET', `/organizations/${org.uuid}`, { token: w.owner.token })).status,
    ).toBe(404);
    for (const table of ['instances', 'brandings'] as const) {
      const left = await w.h.db
        .selectFrom(table)
        .select('id')
        .where('organization_id', '=', row.id)
        .execute();
      expect(left, table).toHaveLength(0);
    }
    expect(await w.h.deps.storage.get('branding/doomed-logo.png')).toBeNull();
  });
});
