import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { runDueJobs } from '@scmp/api';
import { giveActiveSubscription } from '../../src/testing/billing-fixtures';
import { startTestDnsServer, type TestDnsServer } from '../../src/testing/dns-server';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import { createOrganization } from '../../src/testing/organization-rows';

/**
 * The world of the custom-domain tests (issue 24) against a real DNS server on loopback: one
 * in-process server resolving through it (PUBLIC_IPS 203.0.113.10), the customer Acme Academy on
 * the unlimited plan and a user of no organization, all handed to `keep`. Each case starts with an
 * empty DNS zone and no domain check of an earlier case due.
 */
export const HOUR = 3600 * 1000;
type User = Awaited<ReturnType<TestHarness['createUser']>>;
export type Customer = Awaited<ReturnType<typeof customer>>;

/** Runs the due jobs until none is left (an instance's provisioning is one). */
export async function drain(h: TestHarness) {
  while ((await runDueJobs(h.deps)) > 0);
}

/**
 * A customer: a new user owning the organization `name` (at `subdomain`) on the unlimited plan,
 * and the calls they make on their instances (named `${label} 1`, `${label} 2`… at
 * `${prefix}1`, `${prefix}2`…).
 */
export async function customer(
  h: TestHarness,
  name: string,
  subdomain: string,
  label: string,
  prefix: string,
) {
  const owner = await h.createUser();
  const { uuid: orgUuid } = await createOrganization(h, owner.token, {
    name,
    type: 'school',
    subdomain,
  });
  await giveActiveSubscription(h, owner.token, orgUuid, 'unlimited');
  let counter = 0;
  async function newInstance(): Promise<Json> {
    counter += 1;
    const res = await h.rest('POST', '/instances', {
      token: owner.token,
      body: {
        organization_uuid: orgUuid,
        name: `${label} ${counter}`,
        subdomain: `${prefix}${counter}`,
      },
    });
    expect(res.status, res.text).toBe(201);
    await drain(h);
    return res.body.data;
  }
  const put = (uuid: string, domain: unknown, token = owner.token) =>
    h.rest('PUT', `/instances/${uuid}/custom-domain`, { token, body: { domain } });
  const verify = (uuid: string) =>
    h.rest('POST', `/instances/${uuid}/custom-domain/verify`, { token: owner.token });
  const get = async (uuid: string) =>
    (await h.rest('GET', `/instances/${uuid}`, { token: owner.token })).body.data as Json;
  return { owner, orgUuid, newInstance, put, verify, get };
}

export function useCustomDomainWorld(
  keep: (w: { h: TestHarness; dns: TestDnsServer; acme: Customer; member: User }) => unknown,
) {
  let h: TestHarness;
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startTestDnsServer();
    h = await createHarness({
      domains: { dnsServers: [dns.address], publicIps: ['203.0.113.10'], dnsTimeoutMs: 200 },
    });
    const acme = await customer(h, 'Acme Academy', 'acme', 'Campus', 'c');
    keep({ h, dns, acme, member: await h.createUser() });
  });
  afterAll(async () => {
    await h?.close();
    await dns?.close();
  });
  beforeEach(async () => {
    dns.clear();
    dns.silent(false);
    // Each case's worker runs see only its own domains.
    await h.db.updateTable('instances').set({ custom_domain_next_check_at: null }).execute();
  });

  const row = (uuid: string) =>
    h.db.selectFrom('instances').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();

  /** Publishes the records an instance's output asks for. */
  function publish(instance: Json) {
    for (const record of instance.dns_records as Array<{
      type: 'TXT';
      name: string;
      value: string;
    }>)
      dns.set(record.name, record.type, [record.value]);
  }

  const page = (host: string, url = '/') => h.app.inject({ url, headers: { host } });

  return { row, publish, page };
}
