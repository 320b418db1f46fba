import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../src/testing/harness';
import { insertLiveSubscription } from '../src/testing/billing-fixtures';
import { useInstancesWorld, type InstancesWorld } from './instances/fixtures';

/** Host routing: an instance's host, {slug}.TENANT_DOMAIN while active, re-hosting on a new subdomain. */
let h: TestHarness;
let port: number;
let owner: InstancesWorld['owner'];
let org: InstancesWorld['org'];
const { deploy, drain, instance } = useInstancesWorld((w) => ({ h, port, owner, org } = w));

const setOrganizationStatus = (status: 'active' | 'pending') =>
  h.db.updateTable('organizations').set({ status }).where('uuid', '=', org.uuid).execute();

describe('host routing', () => {
  it('serves the school’s front page on an active host, 404 on unknown instance hosts', async () => {
    const inst = (
      await deploy({ organization_uuid: org.uuid, name: 'Portal', subdomain: 'portal' })
    ).body.data;
    await drain();
    const page = await h.app.inject({ url: '/', headers: { host: `${inst.host}:${port}` } });
    expect(page.statusCode).toBe(200);
    // The school's own front page (portal-front-page.test.ts), not the product's SPA.
    expect(page.body).not.toContain('scmp-tenant');
    expect(page.body).toContain('Powered by SCMP');
    const deep = await h.app.inject({ url: '/some/page', headers: { host: inst.host } });
    expect(deep.statusCode).toBe(404);
    const unknown = await h.app.inject({
      url: '/',
      headers: { host: 'nobody-acme.instances.localhost' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('serves {slug}.TENANT_DOMAIN only while the organization is active', async () => {
    const pending = await h.app.inject({ url: '/', headers: { host: 'acme.localhost' } });
    expect(pending.statusCode).toBe(404);
    await setOrganizationStatus('active');
    const active = await h.app.inject({ url: '/', headers: { host: 'acme.localhost' } });
    expect(active.statusCode).toBe(200);
    expect(active.body).toContain('<meta name="scmp-tenant" content="acme">');
    const unknown = await h.app.inject({ url: '/', headers: { host: 'ghost.localhost' } });
    expect(unknown.statusCode).toBe(404);
    const api = await h.app.inject({ url: '/api/v1/health', headers: { host: 'ghost.localhost' } });
    expect(api.statusCode).toBe(200);
    await setOrganizationStatus('pending');
  });

  it('re-hosts live instances when the organization subdomain changes', async () => {
    const own = (
      await h.rest('POST', '/organizations', {
        body: { name: 'Move Co', type: 'other', subdomain: 'move-old' },
        token: owner.token,
      })
    ).body.data;
    await insertLiveSubscription(h, own.uuid);
    const inst = (await deploy({ organization_uuid: own.uuid, name: 'Site', subdomain: 'site' }))
      .body.data;
    await drain();
    expect(inst.host).toBe('site-move-old.instances.localhost');
    const res = await h.rest('PUT', `/organizations/${own.uuid}`, {
      body: { name: 'Move Co', type: 'other', subdomain: 'move-new' },
      token: owner.token,
    });
    expect(res.status).toBe(200);
    const moved = await instance(inst.uuid);
    expect(moved.host).toBe('site-move-new.instances.localhost');
    expect(moved.instance_url).toBe(`http://site-move-new.instances.localhost:${port}`);
    const oldHost = await h.app.inject({
      url: '/',
      headers: { host: 'site-move-old.instances.localhost' },
    });
    expect(oldHost.statusCode).toBe(404);
    const newHost = await h.app.inject({
      url: '/healthz',
      headers: { host: 'site-move-new.instances.localhost' },
    });
    expect(newHost.statusCode).toBe(200);
  });
});
