import { beforeAll, describe, expect, it } from 'vitest';
import { runDueDomainChecks } from '@scmp/api';
import { CUSTOM_DOMAIN_TEXTS } from '@scmp/api/contracts/custom-domain';
import type { TestDnsServer } from '../src/testing/dns-server';
import type { TestHarness } from '../src/testing/harness';
import { customer, HOUR, useCustomDomainWorld, type Customer } from './custom-domains/fixtures';

/**
 * Custom domain claims (issue 39): an unverified claim blocks nobody, the first to prove DNS wins,
 * pending ones expire after 72 h on the test clock, and deleting an instance releases its domain.
 */
let h: TestHarness;
let dns: TestDnsServer;
let acme: Customer;
const { row, publish, page } = useCustomDomainWorld((w) => ({ h, dns, acme } = w));

describe('claims', () => {
  /** A second organization (another customer) with its own subscription and instances. */
  let rival: Customer;
  beforeAll(async () => {
    rival = await customer(h, 'Rival Academy', 'rival', 'Rival', 'r');
  });

  it('an unverified claim blocks nobody: two organizations wait on one domain, the first to prove DNS wins, the other fails with the reason', async () => {
    const squatter = await acme.newInstance();
    const realOwner = await rival.newInstance();
    // Both claims are accepted and wait for DNS (the squatter's does not make it 409).
    const first = await acme.put(squatter.uuid, 'portal.real-owner.org');
    expect(first.status, first.text).toBe(200);
    const second = await rival.put(realOwner.uuid, 'portal.real-owner.org');
    expect(second.status, second.text).toBe(200);
    expect(second.body.data.custom_domain_status).toBe('pending_dns');
    // Not served while nobody has verified it.
    expect((await page('portal.real-owner.org')).statusCode).toBe(404);

    // The real owner publishes their records and verifies: they win.
    publish(second.body.data);
    const won = await rival.verify(realOwner.uuid);
    expect(won.body.data.custom_domain_status).toBe('verified');
    expect((await page('portal.real-owner.org', '/healthz')).json()).toEqual({
      status: 'ok',
      instance: realOwner.uuid,
    });
    // The other claim failed at once with the reason, and stays failed on a new verify.
    const lost = await acme.get(squatter.uuid);
    expect(lost.custom_domain_status).toBe('failed');
    expect(lost.custom_domain_reason).toBe(CUSTOM_DOMAIN_TEXTS.verifiedByOtherOrganization);
    expect((await row(squatter.uuid)).custom_domain_next_check_at).toBeNull();
    const retried = await acme.verify(squatter.uuid);
    expect(retried.body.data.custom_domain_status).toBe('failed');
    expect(retried.body.data.custom_domain_reason).toBe(
      CUSTOM_DOMAIN_TEXTS.verifiedByOtherOrganization,
    );

    // A verified domain is taken: 409 to everyone else, on PUT and on deploy.
    const third = await acme.newInstance();
    const taken = await acme.put(third.uuid, 'portal.real-owner.org');
    expect(taken.status).toBe(409);
    expect(taken.body.errors.domain).toEqual([CUSTOM_DOMAIN_TEXTS.taken]);
    const deploy = await h.rest('POST', '/instances', {
      token: acme.owner.token,
      body: {
        organization_uuid: acme.orgUuid,
        name: 'Deployed',
        custom_domain: 'portal.real-owner.org',
      },
    });
    expect(deploy.status).toBe(409);
    expect(deploy.body.errors.custom_domain).toEqual([CUSTOM_DOMAIN_TEXTS.taken]);
    // The winner setting it again keeps its state.
    expect(
      (await rival.put(realOwner.uuid, 'portal.real-owner.org')).body.data.custom_domain_status,
    ).toBe('verified');
  });

  it('two claims proving DNS at the same moment: exactly one wins, the other fails with the reason', async () => {
    const a = await acme.newInstance();
    const b = await rival.newInstance();
    // An apex domain: both point A records at PUBLIC_IPS, both TXT tokens published.
    const dataA = (await acme.put(a.uuid, 'both-claim.org')).body.data;
    const dataB = (await rival.put(b.uuid, 'both-claim.org')).body.data;
    dns.set('both-claim.org', 'A', ['203.0.113.10']);
    dns.set('_scmp-challenge.both-claim.org', 'TXT', [
      dataA.dns_records[1].value,
      dataB.dns_records[1].value,
    ]);
    await Promise.all([acme.verify(a.uuid), rival.verify(b.uuid)]);
    const states = [await acme.get(a.uuid), await rival.get(b.uuid)];
    expect(states.map((s) => s.custom_domain_status).sort()).toEqual(['failed', 'verified']);
    const loser = states.find((s) => s.custom_domain_status === 'failed')!;
    expect(loser.custom_domain_reason).toBe(CUSTOM_DOMAIN_TEXTS.verifiedByOtherOrganization);
    const verified = await h.db
      .selectFrom('instances')
      .select('id')
      .where('custom_domain', '=', 'both-claim.org')
      .where('custom_domain_status', 'in', ['verified', 'active'])
      .execute();
    expect(verified).toHaveLength(1);
  });

  it('the worker settles it too: the first claim its checks find proven wins; within one organization the reason names another instance', async () => {
    const a = await acme.newInstance();
    const b = await acme.newInstance();
    const dataA = (await acme.put(a.uuid, 'portal.worker-race.org')).body.data;
    await acme.put(b.uuid, 'portal.worker-race.org');
    publish(dataA);
    h.clock.advance(60_000);
    while ((await runDueDomainChecks(h.deps)) > 0) h.clock.advance(60_000);
    expect((await acme.get(a.uuid)).custom_domain_status).toBe('verified');
    const lost = await acme.get(b.uuid);
    expect(lost.custom_domain_status).toBe('failed');
    expect(lost.custom_domain_reason).toBe(CUSTOM_DOMAIN_TEXTS.verifiedByOtherInstance);
  });

  it('pending claims expire after the 72-hour window on the test clock, and never blocked anyone', async () => {
    const a = await acme.newInstance();
    const b = await rival.newInstance();
    await acme.put(a.uuid, 'portal.abandoned.org');
    await rival.put(b.uuid, 'portal.abandoned.org');
    const since = h.clock.now().getTime();
    h.clock.advance(71 * HOUR);
    while ((await runDueDomainChecks(h.deps)) > 0);
    expect((await acme.get(a.uuid)).custom_domain_status).toBe('pending_dns');
    expect((await rival.get(b.uuid)).custom_domain_status).toBe('pending_dns');
    h.clock.advance(HOUR);
    while ((await runDueDomainChecks(h.deps)) > 0);
    for (const state of [await acme.get(a.uuid), await rival.get(b.uuid)]) {
      expect(state.custom_domain_status).toBe('failed');
      expect(state.custom_domain_reason).toBe('TXT record not found');
    }
    expect(h.clock.now().getTime() - since).toBe(72 * HOUR);
    // A third organization's instance claims it freely.
    const c = await acme.newInstance();
    const claimed = await acme.put(c.uuid, 'portal.abandoned.org');
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body.data.custom_domain_status).toBe('pending_dns');
  });

  it('deleting the instance that holds a verified domain releases it', async () => {
    const a = await acme.newInstance();
    const b = await rival.newInstance();
    publish((await acme.put(a.uuid, 'shared.example.org')).body.data);
    expect((await acme.verify(a.uuid)).body.data.custom_domain_status).toBe('verified');
    expect((await rival.put(b.uuid, 'shared.example.org')).status).toBe(409);
    await h.rest('DELETE', `/instances/${a.uuid}`, { token: acme.owner.token });
    expect((await rival.put(b.uuid, 'shared.example.org')).status).toBe(200);
  });
});
