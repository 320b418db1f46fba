import { afterAll, afterEach, beforeAll } from 'vitest';
import { instanceInfrastructure, runDueJobs, type AppDeps } from '@scmp/api';
import { createHarness, type TestHarness, type TestUser } from '../../src/testing/harness';
import { insertLiveSubscription } from '../../src/testing/billing-fixtures';
import { freePort } from '../../src/testing/free-port';

/**
 * The world of the instance tests: one server listening on a free port (health checks go over
 * real HTTP), an owner whose organization Acme Academy (`acme`) has a live subscription, and
 * another user; handed to `keep`. A test that replaces the provisioning step gets it back after.
 */
export type InstancesWorld = {
  h: TestHarness;
  port: number;
  owner: TestUser;
  other: TestUser;
  org: { uuid: string; subdomain: string };
};

export function useInstancesWorld(keep: (w: InstancesWorld) => unknown) {
  let h: TestHarness;
  let owner: TestUser;
  const originalProvision = instanceInfrastructure.provision;
  beforeAll(async () => {
    const port = await freePort();
    h = await createHarness({ appUrl: `http://localhost:${port}` });
    await h.app.listen({ port, host: '127.0.0.1' });
    owner = await h.createUser();
    const other = await h.createUser();
    const res = await h.rest('POST', '/organizations', {
      body: { name: 'Acme Academy', type: 'school', subdomain: 'acme' },
      token: owner.token,
    });
    const org = res.body.data;
    await insertLiveSubscription(h, org.uuid);
    keep({ h, port, owner, other, org });
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

  /** PATCH /instances/{uuid}/status with `action`, as the owner unless `token` says otherwise. */
  const setStatus = (uuid: string, action: string, token = owner.token) =>
    h.rest('PATCH', `/instances/${uuid}/status`, { body: { action }, token });

  /** The instance as its owner reads it. */
  const instance = async (uuid: string) =>
    (await h.rest('GET', `/instances/${uuid}`, { token: owner.token })).body.data;

  return { deploy, drain, setStatus, instance };
}
