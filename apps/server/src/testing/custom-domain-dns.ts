import type { TestDnsServer } from './dns-server';
import type { Json, TestHarness, TestResponse } from './harness';

/**
 * Sets `domain` as the instance's custom domain through REST and does what its owner would next:
 * publishes the DNS records the answer asks for, and points the name at this machine.
 */
export async function pointCustomDomain(
  h: TestHarness,
  dns: TestDnsServer,
  token: string,
  instanceUuid: string,
  domain: string,
): Promise<TestResponse> {
  const set = await h.rest('PUT', `/instances/${instanceUuid}/custom-domain`, {
    token,
    body: { domain },
  });
  for (const record of set.body.data.dns_records as Json[])
    dns.set(record.name, record.type, [record.value]);
  dns.set(domain, 'A', ['127.0.0.1']);
  return set;
}
