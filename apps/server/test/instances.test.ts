import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createDeps,
  enqueueJob,
  instanceInfrastructure,
  runDueHealthChecks,
  runDueJobs,
  type AppDeps,
} from '@scmp/api';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { insertLiveSubscription } from '../src/testing/billing-fixtures';
import { freePort } from '../src/testing/free-port';

let h: TestHarness;
let port: number;
let owner: Awaited<ReturnType<TestHarness['createUser']>>;
let other: Awaited<ReturnType<TestHarness['createUser']>>;
let org: { uuid: string; subdomain: string };
const originalProvision = instanceInfrastructure.provision;

beforeAll(async () => {
  port = await freePort();
  h = await createHarness({ appUrl: `http://localhost:${port}` });
  await h.app.listen({ port, host: '127.0.0.1' });
  owner = await h.createUser();
  other = await h.createUser();
  const res = await h.rest('POST', '/organizations', {
    body: { name: 'Acme Academy', type: 'school', subdomain: 'acme' },
    token: owner.token,
  });
  org = res.body.data;
  await insertLiveSubscription(h, org.uuid);
});
afterAll(() => h.close());
afterEach(() => {
  instanceInfrastructure.provision = originalProvision;
});

const deploy = (body: Record<string, unknown>, token = owner.token) =>
  h.rest('POST', '/instances', { body, token });

/** Runs due jobs until none is left (the durable worker's loop). */
async function drain(deps: AppDeps = h.deps, batch = 10) {
  let total = 0;
  for (
    let n = await runDueJobs(deps, undefined, batch);
    n > 0;
    n = await runDueJobs(deps, undefined, batch)
  )
    total += n;
  return total;
}

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
    const after = (await h.rest('GET', `/instances/${inst.uuid}`, { token: owner.token })).body
      .data;
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

describe('the lifecycle', () => {
  it('suspends only from active and resumes only from suspended (409 otherwise)', async () => {
    const inst = (await deploy({ organization_uuid: org.uuid, name: 'Lifecycle' })).body.data;
    const early = await h.rest('PATCH', `/instances/${inst.uuid}/status`, {
      body: { action: 'suspend' },
      token: owner.token,
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Only an active instance can be suspended.');
    await drain();
    const resumeActive = await h.rest('PATCH', `/instances/${inst.uuid}/status`, {
      body: { action: 'resume' },
      token: owner.token,
    });
    expect(resumeActive.status).toBe(409);
    expect(resumeActive.body.message).toBe('Only a suspended instance can be resumed.');

    const suspended = await h.rest('PATCH', `/instances/${inst.uuid}/status`, {
      body: { action: 'suspend' },
      token: owner.token,
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data.status).toBe('suspended');
    const page = await h.app.inject({ url: '/', headers: { host: inst.host } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('Temporarily unavailable');
    // The API keeps working on that host.
    const api = await h.app.inject({ url: '/api/v1/health', headers: { host: inst.host } });
    expect(api.statusCode).toBe(200);
    const again = await h.rest('PATCH', `/instances/${inst.uuid}/status`, {
      body: { action: 'suspend' },
      token: owner.token,
    });
    expect(again.status).toBe(409);
    const resumed = await h.rest('PATCH', `/instances/${inst.uuid}/status`, {
      body: { action: 'resume' },
      token: owner.token,
    });
    expect(resumed.body.data.status).toBe('active');
    const bad = await h.rest('PATCH', `/instances/${inst.uuid}/status`, {
      body: { action: 'explode' },
      token: owner.token,
    });
    expect(bad.status).toBe(422);
  });

  it('records health checks made over real HTTP against the host route', async () => {
    const inst = (await deploy({ organization_uuid: org.uuid, name: 'Health' })).body.data;
    await drain();
    await h.db
      .updateTable('instances')
      .set({ last_health_check: null })
      .where('uuid', '=', inst.uuid)
      .execute();
    const checked = await runDueHealthChecks(h.deps);
    expect(checked).toBeGreaterThanOrEqual(1);
    let row = (await h.rest('GET', `/instances/${inst.uuid}`, { token: owner.token })).body.data;
    expect(row.last_health_status).toBe('healthy');
    expect(new Date(row.last_health_check).getTime()).toBe(h.clock.now().getTime());

    // Not due again before the interval…
    expect(await runDueHealthChecks(h.deps)).toBe(0);
    const healthz = await h.app.inject({ url: '/healthz', headers: { host: inst.host } });
    expect(JSON.parse(healthz.body)).toEqual({ status: 'ok', instance: inst.uuid });

    // After the interval it is checked again; a host that is not served is recorded unhealthy.
    h.clock.advance(301_000);
    await h.db
      .updateTable('instances')
      .set({ host: 'health-acme.unserved.localhost' })
      .where('uuid', '=', inst.uuid)
      .execute();
    expect(await runDueHealthChecks(h.deps)).toBeGreaterThanOrEqual(1);
    row = (await h.rest('GET', `/instances/${inst.uuid}`, { token: owner.token })).body.data;
    expect(row.last_health_status).toBe('unhealthy');
    expect(new Date(row.last_health_check).getTime()).toBe(h.clock.now().getTime());
    // Both checks are kept in the history, with their HTTP status and response time.
    const history = (await h.rest('GET', `/instances/${inst.uuid}/health`, { token: owner.token }))
      .body.data;
    expect(history.checks.map((c: { healthy: boolean }) => c.healthy)).toEqual([true, false]);
    expect(history.checks[0].status_code).toBe(200);
    expect(history.checks[0].response_ms).toBeGreaterThanOrEqual(0);
    expect(history.checks[1].status_code).toBe(200); // the product's own page, not this instance's answer
    expect(history.uptime['24h']).toEqual({ uptime: 50, checks: 2, failed: 1 });
    await h.db
      .updateTable('instances')
      .set({ host: inst.host })
      .where('uuid', '=', inst.uuid)
      .execute();
  });

  it('never provisions one instance twice with two workers on one database', async () => {
    const calls: number[] = [];
    instanceInfrastructure.provision = async (_deps, instance) => {
      calls.push(instance.id);
      await new Promise((r) => setTimeout(r, 5));
    };
    const created = [];
    for (let i = 0; i < 4; i += 1) {
      created.push((await deploy({ organization_uuid: org.uuid, name: `Twin ${i}` })).body.data);
    }
    const rows = await h.db
      .selectFrom('instances')
      .select('id')
      .where(
        'uuid',
        'in',
        created.map((c) => c.uuid),
      )
      .execute();
    // A duplicate job per instance, as a retry or a second enqueuer would leave behind.
    for (const row of rows) {
      await enqueueJob(h.db, { type: 'instances.provision', payload: { instanceId: row.id } });
    }
    const second = createDeps({
      db: h.db,
      dbKind: h.database.kind,
      pingDb: async () => {},
      config: h.config,
      clock: h.clock,
    });
    await Promise.all([drain(h.deps, 1), drain(second, 1)]);
    expect(calls.sort()).toEqual(rows.map((r) => r.id).sort());
    for (const c of created) {
      const got = (await h.rest('GET', `/instances/${c.uuid}`, { token: owner.token })).body.data;
      expect(got.status).toBe('active');
    }
  });

  it('deletes: terminated, host released, gone from the lists', async () => {
    const inst = (await deploy({ organization_uuid: org.uuid, name: 'Temp', subdomain: 'temp' }))
      .body.data;
    await drain();
    const res = await h.rest('DELETE', `/instances/${inst.uuid}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('Temp');
    const row = await h.db
      .selectFrom('instances')
      .select(['status', 'host', 'terminated_at'])
      .where('uuid', '=', inst.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'terminated', host: null });
    expect(row.terminated_at).not.toBeNull();
    expect((await h.rest('GET', `/instances/${inst.uuid}`, { token: owner.token })).status).toBe(
      404,
    );
    const page = await h.app.inject({
      url: '/',
      headers: { host: 'temp-acme.instances.localhost' },
    });
    expect(page.statusCode).toBe(404);
    // The host can be used again.
    const reuse = await deploy({
      organization_uuid: org.uuid,
      name: 'Temp again',
      subdomain: 'temp',
    });
    expect(reuse.status).toBe(201);
    const events = await h.db
      .selectFrom('activity_events')
      .select('action')
      .where('user_id', '=', owner.id)
      .execute();
    const actions = new Set(events.map((e) => e.action));
    for (const a of [
      'instance.deployed',
      'instance.suspended',
      'instance.resumed',
      'instance.deleted',
    ])
      expect(actions.has(a), a).toBe(true);
  });
});

describe('ownership', () => {
  it('answers 404 for another user on every instance route and changes nothing', async () => {
    const inst = (await deploy({ organization_uuid: org.uuid, name: 'Mine', subdomain: 'mine' }))
      .body.data;
    await drain();
    const t = other.token;
    expect((await h.rest('GET', `/instances/${inst.uuid}`, { token: t })).status).toBe(404);
    expect(
      (
        await h.rest('PATCH', `/instances/${inst.uuid}/status`, {
          body: { action: 'suspend' },
          token: t,
        })
      ).status,
    ).toBe(404);
    expect((await h.rest('DELETE', `/instances/${inst.uuid}`, { token: t })).status).toBe(404);
    expect((await deploy({ organization_uuid: org.uuid, name: 'Sneaky' }, t)).status).toBe(404);
    const list = await h.rest('GET', '/instances', { token: t });
    expect(list.body.data).toEqual([]);
    expect((await h.rest('GET', '/instances/not-a-uuid', { token: owner.token })).status).toBe(404);
    const still = (await h.rest('GET', `/instances/${inst.uuid}`, { token: owner.token })).body
      .data;
    expect(still.status).toBe('active');
    expect(
      await h.db.selectFrom('instances').select('id').where('name', '=', 'Sneaky').execute(),
    ).toHaveLength(0);
  });
});

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
    await h.db
      .updateTable('organizations')
      .set({ status: 'active' })
      .where('uuid', '=', org.uuid)
      .execute();
    const active = await h.app.inject({ url: '/', headers: { host: 'acme.localhost' } });
    expect(active.statusCode).toBe(200);
    expect(active.body).toContain('<meta name="scmp-tenant" content="acme">');
    const unknown = await h.app.inject({ url: '/', headers: { host: 'ghost.localhost' } });
    expect(unknown.statusCode).toBe(404);
    const api = await h.app.inject({ url: '/api/v1/health', headers: { host: 'ghost.localhost' } });
    expect(api.statusCode).toBe(200);
    await h.db
      .updateTable('organizations')
      .set({ status: 'pending' })
      .where('uuid', '=', org.uuid)
      .execute();
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
    const moved = (await h.rest('GET', `/instances/${inst.uuid}`, { token: owner.token })).body
      .data;
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
