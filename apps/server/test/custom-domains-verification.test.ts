import { describe, expect, it } from 'vitest';
import { runDueDomainChecks } from '@scmp/api';
import { CUSTOM_DOMAIN_TEXTS } from '@scmp/api/contracts/custom-domain';
import type { TestDnsServer } from '../src/testing/dns-server';
import type { Json, TestHarness } from '../src/testing/harness';
import { HOUR, useCustomDomainWorld, type Customer } from './custom-domains/fixtures';

/**
 * Custom domain verification (issue 24) against a real DNS server on loopback: the records to
 * create, verification on demand and by the worker with backoff for 72 h on the test clock,
 * records that disappear later, a resolver timeout, and host routing on the verified domain.
 */
let h: TestHarness;
let dns: TestDnsServer;
let acme: Customer;
const { row, publish, page } = useCustomDomainWorld((w) => ({ h, dns, acme } = w));

describe('verification', () => {
  it('shows the records to create and verifies once they are in DNS', async () => {
    const inst = await acme.newInstance();
    const res = await acme.put(inst.uuid, 'portal.acme-academy.org');
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(CUSTOM_DOMAIN_TEXTS.saved);
    const data = res.body.data;
    expect(data.custom_domain_status).toBe('pending_dns');
    expect(data.dns_records).toEqual([
      { type: 'CNAME', name: 'portal.acme-academy.org', value: inst.host },
      {
        type: 'TXT',
        name: '_scmp-challenge.portal.acme-academy.org',
        value: expect.stringMatching(/^scmp-verify-[0-9a-f]{32}$/),
      },
    ]);
    // Not served before it is verified: a 404 page, never the product.
    expect((await page('portal.acme-academy.org')).statusCode).toBe(404);

    const early = await acme.verify(inst.uuid);
    expect(early.body.message).toBe(CUSTOM_DOMAIN_TEXTS.notYet);
    expect(early.body.data.custom_domain_reason).toBe('TXT record not found');

    publish(data);
    const ok = await acme.verify(inst.uuid);
    expect(ok.body.message).toBe(CUSTOM_DOMAIN_TEXTS.verified);
    expect(ok.body.data).toMatchObject({
      custom_domain_status: 'verified',
      custom_domain_reason: null,
    });

    // Served exactly as on the instance's own host.
    const health = await page('portal.acme-academy.org', '/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', instance: inst.uuid });
    const home = await page('Portal.Acme-Academy.org:443', '/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<meta name="scmp-instance" content="${inst.uuid}">`);
    const suspended = await h.rest('PATCH', `/instances/${inst.uuid}/status`, {
      token: acme.owner.token,
      body: { action: 'suspend' },
    });
    expect(suspended.status).toBe(200);
    expect((await page('portal.acme-academy.org')).statusCode).toBe(503);
    expect((await page('portal.acme-academy.org', '/healthz')).statusCode).toBe(503);
    await h.rest('PATCH', `/instances/${inst.uuid}/status`, {
      token: acme.owner.token,
      body: { action: 'resume' },
    });

    // Removing it stops serving it.
    const removed = await h.rest('DELETE', `/instances/${inst.uuid}/custom-domain`, {
      token: acme.owner.token,
    });
    expect(removed.body.data).toMatchObject({
      custom_domain: null,
      custom_domain_status: null,
      dns_records: [],
    });
    expect((await page('portal.acme-academy.org')).statusCode).toBe(200); // the product again
    expect((await page('portal.acme-academy.org')).body).not.toContain('scmp-instance');
  });

  it('names what is wrong: a missing TXT, a CNAME elsewhere, the wrong token', async () => {
    const inst = await acme.newInstance();
    const data = (await acme.put(inst.uuid, 'www.wrong-cname.org')).body.data;
    const txt = data.dns_records[1];
    dns.set(txt.name, 'TXT', [txt.value]);
    dns.set('www.wrong-cname.org', 'CNAME', ['old-host.example.net']);
    expect((await acme.verify(inst.uuid)).body.data.custom_domain_reason).toBe(
      'CNAME points to old-host.example.net',
    );
    dns.remove('www.wrong-cname.org');
    expect((await acme.verify(inst.uuid)).body.data.custom_domain_reason).toBe(
      'CNAME record not found',
    );
    dns.set(txt.name, 'TXT', ['scmp-verify-somebody-else']);
    expect((await acme.verify(inst.uuid)).body.data.custom_domain_reason).toMatch(/does not hold/);
  });

  it('an apex domain points A records at PUBLIC_IPS', async () => {
    const inst = await acme.newInstance();
    const data = (await acme.put(inst.uuid, 'oakfield.sch.uk')).body.data;
    expect(data.dns_records.map((r: Json) => [r.type, r.name, r.value])).toEqual([
      ['A', 'oakfield.sch.uk', '203.0.113.10'],
      ['TXT', '_scmp-challenge.oakfield.sch.uk', data.dns_records[1].value],
    ]);
    publish(data);
    dns.set('oakfield.sch.uk', 'A', ['198.51.100.7']);
    expect((await acme.verify(inst.uuid)).body.data.custom_domain_reason).toBe(
      'A record points to 198.51.100.7',
    );
    dns.set('oakfield.sch.uk', 'A', ['203.0.113.10']);
    expect((await acme.verify(inst.uuid)).body.data.custom_domain_status).toBe('verified');
  });

  it('reports a resolver that does not answer', async () => {
    const inst = await acme.newInstance();
    await acme.put(inst.uuid, 'portal.slow-dns.org');
    dns.silent(true);
    const res = await acme.verify(inst.uuid);
    expect(res.body.data.custom_domain_status).toBe('pending_dns');
    expect(res.body.data.custom_domain_reason).toBe(
      'DNS lookup of _scmp-challenge.portal.slow-dns.org timed out',
    );
  });

  it('the worker retries with backoff for 72 hours, then marks the domain failed', async () => {
    const inst = await acme.newInstance();
    await acme.put(inst.uuid, 'portal.never-set.org');
    const waits: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const before = await row(inst.uuid);
      if (!before.custom_domain_next_check_at) break;
      const wait = before.custom_domain_next_check_at.getTime() - h.clock.now().getTime();
      if (i > 0) waits.push(Math.round(wait / 60_000));
      h.clock.advance(Math.max(0, wait));
      expect(await runDueDomainChecks(h.deps)).toBe(1);
    }
    // 1, 2, 5, 10, 30 minutes, 1, 2, 4 hours, then every 6 hours.
    expect(waits.slice(0, 9)).toEqual([1, 2, 5, 10, 30, 60, 120, 240, 360]);
    const after = await acme.get(inst.uuid);
    expect(after.custom_domain_status).toBe('failed');
    expect(after.custom_domain_reason).toBe('TXT record not found');
    const state = await row(inst.uuid);
    expect(state.custom_domain_next_check_at).toBeNull();
    expect(h.clock.now().getTime() - state.custom_domain_since!.getTime()).toBe(72 * HOUR);

    // Verify after failing starts a new window, and succeeds once the records exist.
    publish(after);
    const retried = await acme.verify(inst.uuid);
    expect(retried.body.data.custom_domain_status).toBe('verified');
  });

  it('a verified domain whose records disappear goes back to pending_dns, e-mails the owner, and stops being served after the grace period', async () => {
    const inst = await acme.newInstance();
    const data = (await acme.put(inst.uuid, 'portal.lapsing.org')).body.data;
    publish(data);
    expect((await acme.verify(inst.uuid)).body.data.custom_domain_status).toBe('verified');
    // Re-checked daily: still fine after a day.
    h.clock.advance(24 * HOUR);
    expect(await runDueDomainChecks(h.deps)).toBe(1);
    expect((await acme.get(inst.uuid)).custom_domain_status).toBe('verified');

    dns.clear();
    h.clock.advance(24 * HOUR);
    expect(await runDueDomainChecks(h.deps)).toBe(1);
    const lapsed = await acme.get(inst.uuid);
    expect(lapsed.custom_domain_status).toBe('pending_dns');
    expect(lapsed.custom_domain_reason).toBe('TXT record not found');
    const mail = await h.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('kind', '=', 'custom-domain-lapsed')
      .where('to_address', '=', acme.owner.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('The DNS records of portal.lapsing.org have disappeared');
    expect(mail.text).toContain('72 hours');
    // Still served during the grace period…
    h.clock.advance(71 * HOUR);
    expect((await page('portal.lapsing.org', '/healthz')).statusCode).toBe(200);
    // …not after it; by then the window has ended and the domain is failed.
    h.clock.advance(2 * HOUR);
    while ((await runDueDomainChecks(h.deps)) > 0) h.clock.advance(6 * HOUR);
    expect((await page('portal.lapsing.org', '/healthz')).statusCode).toBe(404);
    expect((await acme.get(inst.uuid)).custom_domain_status).toBe('failed');
  });
});
