import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDueDomainChecks, runDueJobs } from '@scmp/api';
import { CUSTOM_DOMAIN_TEXTS } from '@scmp/api/contracts/custom-domain';
import { giveActiveSubscription } from '../src/testing/billing-fixtures';
import { startTestDnsServer, type TestDnsServer } from '../src/testing/dns-server';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';

/**
 * Custom domains (issue 24) against a real DNS server on loopback: the input rules, the records
 * to create, verification (on demand and by the worker with backoff for 72 h on the test clock),
 * records that disappear later, a resolver timeout, host routing on the verified domain, claims
 * (unverified ones block nobody, the first to prove DNS wins, pending ones expire after 72 h; issue
 * 39), and the TLS ask endpoint.
 */
let h: TestHarness;
let dns: TestDnsServer;
let owner: Awaited<ReturnType<TestHarness['createUser']>>;
let member: Awaited<ReturnType<TestHarness['createUser']>>;
let orgUuid: string;
const HOUR = 3600 * 1000;

beforeAll(async () => {
  dns = await startTestDnsServer();
  h = await createHarness({
    domains: { dnsServers: [dns.address], publicIps: ['203.0.113.10'], dnsTimeoutMs: 200 },
  });
  owner = await h.createUser();
  member = await h.createUser();
  const org = await h.rest('POST', '/organizations', {
    token: owner.token,
    body: { name: 'Acme Academy', type: 'school', subdomain: 'acme' },
  });
  orgUuid = org.body.data.uuid;
  await giveActiveSubscription(h, owner.token, orgUuid, 'unlimited');
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

async function drain() {
  while ((await runDueJobs(h.deps)) > 0);
}

let counter = 0;
async function newInstance(): Promise<Json> {
  counter += 1;
  const res = await h.rest('POST', '/instances', {
    token: owner.token,
    body: { organization_uuid: orgUuid, name: `Campus ${counter}`, subdomain: `c${counter}` },
  });
  expect(res.status, res.text).toBe(201);
  await drain();
  return res.body.data;
}

const put = (uuid: string, domain: unknown, token = owner.token) =>
  h.rest('PUT', `/instances/${uuid}/custom-domain`, { token, body: { domain } });
const verify = (uuid: string) =>
  h.rest('POST', `/instances/${uuid}/custom-domain/verify`, { token: owner.token });
const get = async (uuid: string) =>
  (await h.rest('GET', `/instances/${uuid}`, { token: owner.token })).body.data as Json;
const row = (uuid: string) =>
  h.db.selectFrom('instances').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();

/** Publishes the records an instance's output asks for. */
function publish(instance: Json) {
  for (const record of instance.dns_records as Array<{ type: 'TXT'; name: string; value: string }>)
    dns.set(record.name, record.type, [record.value]);
}

const page = (host: string, url = '/') => h.app.inject({ url, headers: { host } });

describe('custom domain input', () => {
  it('takes a host name or a URL’s host, and refuses what cannot be a customer’s domain', async () => {
    const inst = await newInstance();
    const cases: Array<[unknown, number, string | null]> = [
      ['192.0.2.1', 422, CUSTOM_DOMAIN_TEXTS.ipAddress],
      ['https://192.0.2.1/', 422, CUSTOM_DOMAIN_TEXTS.ipAddress],
      ['[2001:db8::1]', 422, CUSTOM_DOMAIN_TEXTS.ipAddress],
      ['2001:db8::1', 422, CUSTOM_DOMAIN_TEXTS.ipAddress],
      ['localhost', 422, CUSTOM_DOMAIN_TEXTS.localhost],
      ['portal.localhost', 422, CUSTOM_DOMAIN_TEXTS.localhost],
      ['intranet', 422, CUSTOM_DOMAIN_TEXTS.singleLabel],
      [`${'abcdefghij'.repeat(6)}.`.repeat(5) + 'org', 422, CUSTOM_DOMAIN_TEXTS.tooLong],
      ['x.c1-acme.instances.localhost', 422, CUSTOM_DOMAIN_TEXTS.localhost],
      ['https://portal.example.org/welcome', 422, CUSTOM_DOMAIN_TEXTS.pathOrPort],
      ['portal.example.org:8443', 422, CUSTOM_DOMAIN_TEXTS.pathOrPort],
      ['https://portal.example.org?x=1', 422, CUSTOM_DOMAIN_TEXTS.pathOrPort],
      ['ftp://portal.example.org', 422, CUSTOM_DOMAIN_TEXTS.invalid],
      ['not a domain', 422, CUSTOM_DOMAIN_TEXTS.invalid],
      ['-bad-.example.org', 422, CUSTOM_DOMAIN_TEXTS.invalid],
      ['', 422, CUSTOM_DOMAIN_TEXTS.required],
      [42, 422, null],
    ];
    for (const [domain, status, text] of cases) {
      const res = await put(inst.uuid, domain);
      expect(res.status, `${String(domain)}: ${res.text}`).toBe(status);
      if (text) expect(res.body.errors?.domain, String(domain)).toEqual([text]);
    }
    const url = await put(inst.uuid, 'HTTPS://Portal.Example.ORG/');
    expect(url.status, url.text).toBe(200);
    expect(url.body.data.custom_domain).toBe('portal.example.org');
    const unicode = await put(inst.uuid, 'école.example.org');
    expect(unicode.body.data.custom_domain).toBe('xn--cole-9oa.example.org');
  });

  it('refuses the deployment’s own domains (instances and tenants)', async () => {
    const own = await createHarness({
      tenantDomain: 'scmp.example.com',
      instanceDomain: 'sites.example.com',
      appUrl: 'https://app.example.com',
    });
    try {
      const user = await own.createUser();
      const org = await own.rest('POST', '/organizations', {
        token: user.token,
        body: { name: 'Own', type: 'school', subdomain: 'own' },
      });
      await giveActiveSubscription(own, user.token, org.body.data.uuid);
      const deployed = await own.rest('POST', '/instances', {
        token: user.token,
        body: {
          organization_uuid: org.body.data.uuid,
          name: 'Main',
          custom_domain: 'x.sites.example.com',
        },
      });
      expect(deployed.status).toBe(422);
      expect(deployed.body.errors.custom_domain).toEqual([
        CUSTOM_DOMAIN_TEXTS.ours('sites.example.com'),
      ]);
      const tenant = await own.rest('POST', '/instances', {
        token: user.token,
        body: {
          organization_uuid: org.body.data.uuid,
          name: 'Main',
          custom_domain: 'https://other.scmp.example.com',
        },
      });
      expect(tenant.body.errors.custom_domain).toEqual([
        CUSTOM_DOMAIN_TEXTS.ours('scmp.example.com'),
      ]);
      const app = await own.rest('POST', '/instances', {
        token: user.token,
        body: {
          organization_uuid: org.body.data.uuid,
          name: 'Main',
          custom_domain: 'app.example.com',
        },
      });
      expect(app.status).toBe(422);
    } finally {
      await own.close();
    }
  });

  it('lets only owners and admins change it; other tenants get 404', async () => {
    const inst = await newInstance();
    const outsider = await put(inst.uuid, 'portal.outsider.org', member.token);
    expect(outsider.status).toBe(404);
    const removed = await h.rest('DELETE', `/instances/${inst.uuid}/custom-domain`, {
      token: member.token,
    });
    expect(removed.status).toBe(404);
  });
});

describe('verification', () => {
  it('shows the records to create and verifies once they are in DNS', async () => {
    const inst = await newInstance();
    const res = await put(inst.uuid, 'portal.acme-academy.org');
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

    const early = await verify(inst.uuid);
    expect(early.body.message).toBe(CUSTOM_DOMAIN_TEXTS.notYet);
    expect(early.body.data.custom_domain_reason).toBe('TXT record not found');

    publish(data);
    const ok = await verify(inst.uuid);
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
      token: owner.token,
      body: { action: 'suspend' },
    });
    expect(suspended.status).toBe(200);
    expect((await page('portal.acme-academy.org')).statusCode).toBe(503);
    expect((await page('portal.acme-academy.org', '/healthz')).statusCode).toBe(503);
    await h.rest('PATCH', `/instances/${inst.uuid}/status`, {
      token: owner.token,
      body: { action: 'resume' },
    });

    // Removing it stops serving it.
    const removed = await h.rest('DELETE', `/instances/${inst.uuid}/custom-domain`, {
      token: owner.token,
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
    const inst = await newInstance();
    const data = (await put(inst.uuid, 'www.wrong-cname.org')).body.data;
    const txt = data.dns_records[1];
    dns.set(txt.name, 'TXT', [txt.value]);
    dns.set('www.wrong-cname.org', 'CNAME', ['old-host.example.net']);
    expect((await verify(inst.uuid)).body.data.custom_domain_reason).toBe(
      'CNAME points to old-host.example.net',
    );
    dns.remove('www.wrong-cname.org');
    expect((await verify(inst.uuid)).body.data.custom_domain_reason).toBe('CNAME record not found');
    dns.set(txt.name, 'TXT', ['scmp-verify-somebody-else']);
    expect((await verify(inst.uuid)).body.data.custom_domain_reason).toMatch(/does not hold/);
  });

  it('an apex domain points A records at PUBLIC_IPS', async () => {
    const inst = await newInstance();
    const data = (await put(inst.uuid, 'oakfield.sch.uk')).body.data;
    expect(data.dns_records.map((r: Json) => [r.type, r.name, r.value])).toEqual([
      ['A', 'oakfield.sch.uk', '203.0.113.10'],
      ['TXT', '_scmp-challenge.oakfield.sch.uk', data.dns_records[1].value],
    ]);
    publish(data);
    dns.set('oakfield.sch.uk', 'A', ['198.51.100.7']);
    expect((await verify(inst.uuid)).body.data.custom_domain_reason).toBe(
      'A record points to 198.51.100.7',
    );
    dns.set('oakfield.sch.uk', 'A', ['203.0.113.10']);
    expect((await verify(inst.uuid)).body.data.custom_domain_status).toBe('verified');
  });

  it('reports a resolver that does not answer', async () => {
    const inst = await newInstance();
    await put(inst.uuid, 'portal.slow-dns.org');
    dns.silent(true);
    const res = await verify(inst.uuid);
    expect(res.body.data.custom_domain_status).toBe('pending_dns');
    expect(res.body.data.custom_domain_reason).toBe(
      'DNS lookup of _scmp-challenge.portal.slow-dns.org timed out',
    );
  });

  it('the worker retries with backoff for 72 hours, then marks the domain failed', async () => {
    const inst = await newInstance();
    await put(inst.uuid, 'portal.never-set.org');
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
    const after = await get(inst.uuid);
    expect(after.custom_domain_status).toBe('failed');
    expect(after.custom_domain_reason).toBe('TXT record not found');
    const state = await row(inst.uuid);
    expect(state.custom_domain_next_check_at).toBeNull();
    expect(h.clock.now().getTime() - state.custom_domain_since!.getTime()).toBe(72 * HOUR);

    // Verify after failing starts a new window, and succeeds once the records exist.
    publish(after);
    const retried = await verify(inst.uuid);
    expect(retried.body.data.custom_domain_status).toBe('verified');
  });

  it('a verified domain whose records disappear goes back to pending_dns, e-mails the owner, and stops being served after the grace period', async () => {
    const inst = await newInstance();
    const data = (await put(inst.uuid, 'portal.lapsing.org')).body.data;
    publish(data);
    expect((await verify(inst.uuid)).body.data.custom_domain_status).toBe('verified');
    // Re-checked daily: still fine after a day.
    h.clock.advance(24 * HOUR);
    expect(await runDueDomainChecks(h.deps)).toBe(1);
    expect((await get(inst.uuid)).custom_domain_status).toBe('verified');

    dns.clear();
    h.clock.advance(24 * HOUR);
    expect(await runDueDomainChecks(h.deps)).toBe(1);
    const lapsed = await get(inst.uuid);
    expect(lapsed.custom_domain_status).toBe('pending_dns');
    expect(lapsed.custom_domain_reason).toBe('TXT record not found');
    const mail = await h.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('kind', '=', 'custom-domain-lapsed')
      .where('to_address', '=', owner.email)
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
    expect((await get(inst.uuid)).custom_domain_status).toBe('failed');
  });
});

describe('claims', () => {
  /** A second organization (another customer) with its own subscription and instances. */
  let rival: Awaited<ReturnType<TestHarness['createUser']>>;
  let rivalOrgUuid: string;
  let rivalCounter = 0;
  beforeAll(async () => {
    rival = await h.createUser();
    const org = await h.rest('POST', '/organizations', {
      token: rival.token,
      body: { name: 'Rival Academy', type: 'school', subdomain: 'rival' },
    });
    rivalOrgUuid = org.body.data.uuid;
    await giveActiveSubscription(h, rival.token, rivalOrgUuid, 'unlimited');
  });
  async function rivalInstance(): Promise<Json> {
    rivalCounter += 1;
    const res = await h.rest('POST', '/instances', {
      token: rival.token,
      body: {
        organization_uuid: rivalOrgUuid,
        name: `Rival ${rivalCounter}`,
        subdomain: `r${rivalCounter}`,
      },
    });
    expect(res.status, res.text).toBe(201);
    await drain();
    return res.body.data;
  }
  const rivalPut = (uuid: string, domain: string) => put(uuid, domain, rival.token);
  const rivalVerify = (uuid: string) =>
    h.rest('POST', `/instances/${uuid}/custom-domain/verify`, { token: rival.token });
  const rivalGet = async (uuid: string) =>
    (await h.rest('GET', `/instances/${uuid}`, { token: rival.token })).body.data as Json;

  it('an unverified claim blocks nobody: two organizations wait on one domain, the first to prove DNS wins, the other fails with the reason', async () => {
    const squatter = await newInstance();
    const realOwner = await rivalInstance();
    // Both claims are accepted and wait for DNS (the squatter's does not make it 409).
    const first = await put(squatter.uuid, 'portal.real-owner.org');
    expect(first.status, first.text).toBe(200);
    const second = await rivalPut(realOwner.uuid, 'portal.real-owner.org');
    expect(second.status, second.text).toBe(200);
    expect(second.body.data.custom_domain_status).toBe('pending_dns');
    // Not served while nobody has verified it.
    expect((await page('portal.real-owner.org')).statusCode).toBe(404);

    // The real owner publishes their records and verifies: they win.
    publish(second.body.data);
    const won = await rivalVerify(realOwner.uuid);
    expect(won.body.data.custom_domain_status).toBe('verified');
    expect((await page('portal.real-owner.org', '/healthz')).json()).toEqual({
      status: 'ok',
      instance: realOwner.uuid,
    });
    // The other claim failed at once with the reason, and stays failed on a new verify.
    const lost = await get(squatter.uuid);
    expect(lost.custom_domain_status).toBe('failed');
    expect(lost.custom_domain_reason).toBe(CUSTOM_DOMAIN_TEXTS.verifiedByOtherOrganization);
    expect((await row(squatter.uuid)).custom_domain_next_check_at).toBeNull();
    const retried = await verify(squatter.uuid);
    expect(retried.body.data.custom_domain_status).toBe('failed');
    expect(retried.body.data.custom_domain_reason).toBe(
      CUSTOM_DOMAIN_TEXTS.verifiedByOtherOrganization,
    );

    // A verified domain is taken: 409 to everyone else, on PUT and on deploy.
    const third = await newInstance();
    const taken = await put(third.uuid, 'portal.real-owner.org');
    expect(taken.status).toBe(409);
    expect(taken.body.errors.domain).toEqual([CUSTOM_DOMAIN_TEXTS.taken]);
    const deploy = await h.rest('POST', '/instances', {
      token: owner.token,
      body: {
        organization_uuid: orgUuid,
        name: 'Deployed',
        custom_domain: 'portal.real-owner.org',
      },
    });
    expect(deploy.status).toBe(409);
    expect(deploy.body.errors.custom_domain).toEqual([CUSTOM_DOMAIN_TEXTS.taken]);
    // The winner setting it again keeps its state.
    expect(
      (await rivalPut(realOwner.uuid, 'portal.real-owner.org')).body.data.custom_domain_status,
    ).toBe('verified');
  });

  it('two claims proving DNS at the same moment: exactly one wins, the other fails with the reason', async () => {
    const a = await newInstance();
    const b = await rivalInstance();
    // An apex domain: both point A records at PUBLIC_IPS, both TXT tokens published.
    const dataA = (await put(a.uuid, 'both-claim.org')).body.data;
    const dataB = (await rivalPut(b.uuid, 'both-claim.org')).body.data;
    dns.set('both-claim.org', 'A', ['203.0.113.10']);
    dns.set('_scmp-challenge.both-claim.org', 'TXT', [
      dataA.dns_records[1].value,
      dataB.dns_records[1].value,
    ]);
    await Promise.all([verify(a.uuid), rivalVerify(b.uuid)]);
    const states = [await get(a.uuid), await rivalGet(b.uuid)];
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
    const a = await newInstance();
    const b = await newInstance();
    const dataA = (await put(a.uuid, 'portal.worker-race.org')).body.data;
    await put(b.uuid, 'portal.worker-race.org');
    publish(dataA);
    h.clock.advance(60_000);
    while ((await runDueDomainChecks(h.deps)) > 0) h.clock.advance(60_000);
    expect((await get(a.uuid)).custom_domain_status).toBe('verified');
    const lost = await get(b.uuid);
    expect(lost.custom_domain_status).toBe('failed');
    expect(lost.custom_domain_reason).toBe(CUSTOM_DOMAIN_TEXTS.verifiedByOtherInstance);
  });

  it('pending claims expire after the 72-hour window on the test clock, and never blocked anyone', async () => {
    const a = await newInstance();
    const b = await rivalInstance();
    await put(a.uuid, 'portal.abandoned.org');
    await rivalPut(b.uuid, 'portal.abandoned.org');
    const since = h.clock.now().getTime();
    h.clock.advance(71 * HOUR);
    while ((await runDueDomainChecks(h.deps)) > 0);
    expect((await get(a.uuid)).custom_domain_status).toBe('pending_dns');
    expect((await rivalGet(b.uuid)).custom_domain_status).toBe('pending_dns');
    h.clock.advance(HOUR);
    while ((await runDueDomainChecks(h.deps)) > 0);
    for (const state of [await get(a.uuid), await rivalGet(b.uuid)]) {
      expect(state.custom_domain_status).toBe('failed');
      expect(state.custom_domain_reason).toBe('TXT record not found');
    }
    expect(h.clock.now().getTime() - since).toBe(72 * HOUR);
    // A third organization's instance claims it freely.
    const c = await newInstance();
    const claimed = await put(c.uuid, 'portal.abandoned.org');
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body.data.custom_domain_status).toBe('pending_dns');
  });

  it('deleting the instance that holds a verified domain releases it', async () => {
    const a = await newInstance();
    const b = await rivalInstance();
    publish((await put(a.uuid, 'shared.example.org')).body.data);
    expect((await verify(a.uuid)).body.data.custom_domain_status).toBe('verified');
    expect((await rivalPut(b.uuid, 'shared.example.org')).status).toBe(409);
    await h.rest('DELETE', `/instances/${a.uuid}`, { token: owner.token });
    expect((await rivalPut(b.uuid, 'shared.example.org')).status).toBe(200);
  });
});

describe('the TLS ask endpoint', () => {
  const ask = (domain: string, remoteAddress = '127.0.0.1') =>
    h.app.inject({
      url: `/api/v1/internal/tls/ask?domain=${encodeURIComponent(domain)}`,
      remoteAddress,
    });

  it('answers 200 only for hosts served right now', async () => {
    const inst = await newInstance();
    const data = (await put(inst.uuid, 'portal.ask-test.org')).body.data;
    expect((await ask(inst.host)).statusCode).toBe(200);
    expect((await ask('acme.localhost')).statusCode).toBe(200);
    expect((await ask('localhost')).statusCode).toBe(200); // the app's own host
    expect((await ask('portal.ask-test.org')).statusCode).toBe(404); // not verified yet
    publish(data);
    await verify(inst.uuid);
    expect((await ask('portal.ask-test.org')).statusCode).toBe(200);
    for (const refused of [
      'unknown.example.org',
      'nope-acme.instances.localhost',
      'nobody.localhost',
      '127.0.0.1',
      '',
    ])
      expect((await ask(refused)).statusCode, refused).toBe(404);
    await h.rest('DELETE', `/instances/${inst.uuid}`, { token: owner.token });
    expect((await ask(inst.host)).statusCode).toBe(404);
  });

  it('is reachable only from TLS_ASK_ALLOW, and is not in the OpenAPI document', async () => {
    expect((await ask('localhost', '203.0.113.5')).statusCode).toBe(404);
    expect((await ask('localhost', '::1')).statusCode).toBe(200);
    const doc = await h.app.inject({ url: '/api/v1/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.body).not.toContain('internal/tls');
    expect(doc.body).toContain('/instances/{uuid}/custom-domain');
  });
});
