import { describe, expect, it } from 'vitest';
import { createDeps, enqueueJob, instanceInfrastructure, runDueHealthChecks } from '@scmp/api';
import type { TestHarness } from '../src/testing/harness';
import { activityOf, valuesWhere } from '../src/testing/recorded-rows';
import { useInstancesWorld, type InstancesWorld } from './instances/fixtures';

/** An instance's lifecycle: suspend and resume, health checks over real HTTP, one provisioning, deletion. */
let h: TestHarness;
let owner: InstancesWorld['owner'];
let org: InstancesWorld['org'];
const { deploy, drain, setStatus, instance } = useInstancesWorld((w) => ({ h, owner, org } = w));

describe('the lifecycle', () => {
  it('suspends only from active and resumes only from suspended (409 otherwise)', async () => {
    const inst = (await deploy({ organization_uuid: org.uuid, name: 'Lifecycle' })).body.data;
    const early = await setStatus(inst.uuid, 'suspend');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Only an active instance can be suspended.');
    await drain();
    const resumeActive = await setStatus(inst.uuid, 'resume');
    expect(resumeActive.status).toBe(409);
    expect(resumeActive.body.message).toBe('Only a suspended instance can be resumed.');

    const suspended = await setStatus(inst.uuid, 'suspend');
    expect(suspended.status).toBe(200);
    expect(suspended.body.data.status).toBe('suspended');
    const page = await h.app.inject({ url: '/', headers: { host: inst.host } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('Temporarily unavailable');
    // The API keeps working on that host.
    const api = await h.app.inject({ url: '/api/v1/health', headers: { host: inst.host } });
    expect(api.statusCode).toBe(200);
    const again = await setStatus(inst.uuid, 'suspend');
    expect(again.status).toBe(409);
    const resumed = await setStatus(inst.uuid, 'resume');
    expect(resumed.body.data.status).toBe('active');
    const bad = await setStatus(inst.uuid, 'explode');
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
    let row = await instance(inst.uuid);
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
    row = await instance(inst.uuid);
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
    const ids = (
      await Promise.all(created.map((c) => valuesWhere(h.db, 'instances', 'id', 'uuid', c.uuid)))
    ).flat();
    // A duplicate job per instance, as a retry or a second enqueuer would leave behind.
    for (const instanceId of ids) {
      await enqueueJob(h.db, { type: 'instances.provision', payload: { instanceId } });
    }
    const second = createDeps({
      db: h.db,
      dbKind: h.database.kind,
      pingDb: async () => {},
      config: h.config,
      clock: h.clock,
    });
    await Promise.all([drain(h.deps, 1), drain(second, 1)]);
    expect(ids).toHaveLength(4);
    expect(calls.sort()).toEqual(ids.sort());
    for (const c of created) {
      const got = await instance(c.uuid);
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
    const actions = new Set((await activityOf(h.db, owner.id)).map((e) => e.action));
    for (const a of [
      'instance.deployed',
      'instance.suspended',
      'instance.resumed',
      'instance.deleted',
    ])
      expect(actions.has(a), a).toBe(true);
  });
});
