import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../src/testing/harness';
import { useInstancesWorld, type InstancesWorld } from './instances/fixtures';

/** Deploying an instance: the validation texts, its host, the worker making it active; 404 to others. */
let h: TestHarness;
let port: number;
let owner: InstancesWorld['owner'];
let other: InstancesWorld['other'];
let org: InstancesWorld['org'];
const { deploy, drain, setStatus, instance } = useInstancesWorld(
  (w) => ({ h, port, owner, other, org } = w),
);

describe('deploying', () => {
  it('answers the validation texts', async () => {
    const none = await deploy({});
    expect(none.status).toBe(422);
    expect(none.body.errors.organization_uuid).toEqual(['Organization is required']);
    expect(none.body.errors.name).toEqual(['Instance name is required']);
    const blank = await deploy({ organization_uuid: '', name: ' ' });
    expect(blank.body.errors.organization_uuid).toEqual(['Organization is required']);
    expect(blank.body.errors.name).toEqual(['Instance name is required']);
    const chars = await deploy({ organization_uuid: org.uuid, name: 'X', subdomain: 'no_way' });
    expect(chars.body.errors.subdomain).toEqual(['Only letters, numbers, and hyphens allowed']);
    const url = await deploy({
      organization_uuid: org.uuid,
      name: 'X',
      custom_domain: 'not a url',
    });
    expect(url.status).toBe(422);
    expect(url.body.errors.custom_domain).toEqual(['Custom domain must be a valid URL']);
  });

  it('creates a pending instance with its host, then the worker makes it active and checks SSL', async () => {
    const res = await deploy({
      organization_uuid: org.uuid,
      name: 'Main Campus',
      subdomain: 'Main',
      custom_domain: 'https://portal.acme-academy.org/',
    });
    expect(res.status).toBe(201);
    const inst = res.body.data;
    expect(inst).toMatchObject({
      name: 'Main Campus',
      status: 'pending',
      ssl_status: 'pending',
      organization_uuid: org.uuid,
      organization_name: 'Acme Academy',
      subdomain: 'main',
      host: 'main-acme.instances.localhost',
      custom_domain: 'portal.acme-academy.org',
      instance_url: `http://main-acme.instances.localhost:${port}`,
      provisioned_at: null,
      last_health_check: null,
    });
    expect(inst.id).toBe(inst.uuid);

    // The host does not serve yet.
    const early = await h.app.inject({
      url: '/',
      headers: { host: 'main-acme.instances.localhost' },
    });
    expect(early.statusCode).toBe(503);

    await drain();
    const after = await instance(inst.uuid);
    expect(after.status).toBe('active');
    expect(after.provisioned_at).not.toBeNull();
    // No TLS proxy here (PUBLIC_HTTPS=false): the certificate step says so, never a fake "active".
    expect(after.ssl_status).toBe('not_configured');

    const orgAfter = (await h.rest('GET', `/organizations/${org.uuid}`, { token: owner.token }))
      .body.data;
    expect(orgAfter.location_count).toBe(1);
    expect(orgAfter.instance_count).toBe(1);

    const listed = await h.rest('GET', '/instances', {
      query: { organization_id: org.uuid },
      token: owner.token,
    });
    expect(listed.body.data.map((i: { uuid: string }) => i.uuid)).toEqual([inst.uuid]);
  });

  it('generates the prefix from the name and keeps hosts unique', async () => {
    const a = await deploy({ organization_uuid: org.uuid, name: 'Sports Hall' });
    expect(a.body.data.host).toBe('sports-hall-acme.instances.localhost');
    const b = await deploy({ organization_uuid: org.uuid, name: 'Sports Hall' });
    expect(b.body.data.host).toBe('sports-hall-2-acme.instances.localhost');
    const taken = await deploy({
      organization_uuid: org.uuid,
      name: 'Clash',
      subdomain: 'sports-hall',
    });
    expect(taken.status).toBe(409);
    await drain();
  });

  it('refuses an organization without a subdomain with the warning text', async () => {
    const bare = (
      await h.rest('POST', '/organizations', {
        body: { name: 'Bare', type: 'camp' },
        token: owner.token,
      })
    ).body.data;
    await h.db
      .updateTable('organizations')
      .set({ subdomain: null })
      .where('uuid', '=', bare.uuid)
      .execute();
    const res = await deploy({ organization_uuid: bare.uuid, name: 'Main' });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('needs a subdomain before instances can be created');
  });
});

describe('ownership', () => {
  it('answers 404 for another user on every instance route and changes nothing', async () => {
    const inst = (await deploy({ organization_uuid: org.uuid, name: 'Mine', subdomain: 'mine' }))
      .body.data;
    await drain();
    const t = other.token;
    expect((await h.rest('GET', `/instances/${inst.uuid}`, { token: t })).status).toBe(404);
    expect((await setStatus(inst.uuid, 'suspend', t)).status).toBe(404);
    expect((await h.rest('DELETE', `/instances/${inst.uuid}`, { token: t })).status).toBe(404);
    expect((await deploy({ organization_uuid: org.uuid, name: 'Sneaky' }, t)).status).toBe(404);
    const list = await h.rest('GET', '/instances', { token: t });
    expect(list.body.data).toEqual([]);
    expect((await h.rest('GET', '/instances/not-a-uuid', { token: owner.token })).status).toBe(404);
    const still = await instance(inst.uuid);
    expect(still.status).toBe('active');
    expect(
      await h.db.selectFrom('instances').select('id').where('name', '=', 'Sneaky').execute(),
    ).toHaveLength(0);
  });
});
