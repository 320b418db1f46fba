import { writeFileSync } from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDueCertificateChecks, runDueDomainChecks, runDueJobs } from '@scmp/api';
import { giveActiveSubscription } from '../src/testing/billing-fixtures';
import { pointCustomDomain } from '../src/testing/custom-domain-dns';
import { startTestDnsServer, type TestDnsServer } from '../src/testing/dns-server';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';
import { makeServerCertificate, makeTestCa, type Pem } from '../src/testing/test-certificates';

/**
 * The certificate step is a real TLS connection (issue 24): a TLS server on loopback presents
 * certificates made in the test (a private CA given as TLS_CA_FILE, a wrong name, expired,
 * expiring, none at all), and the instance's ssl_status, issuer and expiry record what it saw.
 * Locally, with no TLS proxy, the status is "not_configured", never a fake "active".
 */
const DAY = 24 * 3600 * 1000;
let h: TestHarness;
let dns: TestDnsServer;
let server: tls.Server;
let port: number;
let owner: Awaited<ReturnType<TestHarness['createUser']>>;
let orgUuid: string;
const ca = makeTestCa();
/** What the TLS server presents for each name (SNI); absent names fail the handshake. */
const presented = new Map<string, Pem>();

beforeAll(async () => {
  server = tls.createServer({
    SNICallback: (name, done) => {
      const pem = presented.get(name);
      if (!pem) return done(new Error(`no certificate for ${name}`));
      done(null, tls.createSecureContext({ key: pem.key, cert: pem.cert }));
    },
  });
  server.on('secureConnection', (socket) => socket.end());
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  dns = await startTestDnsServer();
  h = await createHarness({
    tls: { publicHttps: true, askAllow: ['127.0.0.1'], caFile: undefined, checkPort: port },
    domains: { dnsServers: [dns.address], publicIps: [], dnsTimeoutMs: 300 },
  });
  const caFile = path.join(h.config.dataDir, 'test-ca.pem');
  writeFileSync(caFile, ca.cert);
  h.config.tls.caFile = caFile;
  owner = await h.createUser();
  const org = await h.rest('POST', '/organizations', {
    token: owner.token,
    body: { name: 'Cert School', type: 'school', subdomain: 'certs' },
  });
  orgUuid = org.body.data.uuid;
  await giveActiveSubscription(h, owner.token, orgUuid, 'unlimited');
});
afterAll(async () => {
  await h?.close();
  await dns?.close();
  await new Promise((resolve) => server?.close(resolve));
});
beforeEach(async () => {
  presented.clear();
  await h.db.updateTable('instances').set({ ssl_next_check_at: null }).execute();
});

/**
 * Moves the clock on by `ms`, makes `inst`'s certificate check due and runs the due checks;
 * answers how many ran and the instance as its owner reads it afterwards.
 */
async function checkAgainAfter(ms: number, inst: Json) {
  h.clock.advance(ms);
  await h.db
    .updateTable('instances')
    .set({ ssl_next_check_at: h.clock.now() })
    .where('uuid', '=', inst.uuid)
    .execute();
  const ran = await runDueCertificateChecks(h.deps);
  const res = await h.rest('GET', `/instances/${inst.uuid}`, { token: owner.token });
  return { ran, later: res.body.data as Json };
}

let counter = 0;
/** Deploys an instance; `cert` is what its host presents when the first check runs. */
async function deployWith(cert?: (host: string) => Pem): Promise<Json> {
  counter += 1;
  const res = await h.rest('POST', '/instances', {
    token: owner.token,
    body: { organization_uuid: orgUuid, name: `Site ${counter}`, subdomain: `s${counter}` },
  });
  const host = res.body.data.host as string;
  if (cert) presented.set(host, cert(host));
  while ((await runDueJobs(h.deps)) > 0);
  return (await h.rest('GET', `/instances/${res.body.data.uuid}`, { token: owner.token })).body
    .data;
}

const days = (n: number) => new Date(h.clock.now().getTime() + n * DAY);

describe('instance certificates', () => {
  it('a valid certificate from the private CA is active, with issuer and expiry', async () => {
    const notAfter = days(20);
    // A 90-day certificate, as Let's Encrypt issues, with 20 days left.
    const inst = await deployWith((host) =>
      makeServerCertificate(ca, [host], { notBefore: days(-70), notAfter }),
    );
    expect(inst).toMatchObject({
      ssl_status: 'active',
      ssl_issuer: 'SCMP Test CA',
      ssl_reason: null,
    });
    expect(new Date(inst.ssl_expires_at).getTime()).toBe(
      Math.floor(notAfter.getTime() / 1000) * 1000,
    );

    // Re-checked daily: a week on, it ends within 14 days.
    h.clock.advance(7 * DAY);
    expect(await runDueCertificateChecks(h.deps)).toBe(1);
    const later = (await h.rest('GET', `/instances/${inst.uuid}`, { token: owner.token })).body
      .data;
    expect(later.ssl_status).toBe('expiring');
    h.clock.advance(-7 * DAY);
  });

  it('without TLS_CA_FILE the same certificate is not trusted', async () => {
    const caFile = h.config.tls.caFile;
    h.config.tls.caFile = undefined;
    try {
      const inst = await deployWith((host) =>
        makeServerCertificate(ca, [host], { notAfter: days(60) }),
      );
      expect(inst.ssl_status).toBe('pending'); // failures right after activation stay pending
      expect(inst.ssl_reason).toMatch(/^Certificate is not trusted \(/);
    } finally {
      h.config.tls.caFile = caFile;
    }
  });

  it('a certificate for another name is recorded as failed, with the names it is for', async () => {
    const inst = await deployWith(() =>
      makeServerCertificate(ca, ['other.example.org'], { notAfter: days(60) }),
    );
    expect(inst.ssl_reason).toBe(`Certificate is for other.example.org, not ${inst.host}`);
    // After the first hour a failure is "failed", not "pending".
    const { ran, later } = await checkAgainAfter(2 * 3600 * 1000, inst);
    expect(ran).toBe(1);
    expect(later.ssl_status).toBe('failed');
  });

  it('an expired certificate is expired; one ending within 14 days is expiring', async () => {
    const expired = await deployWith((host) =>
      makeServerCertificate(ca, [host], { notBefore: days(-90), notAfter: days(-1) }),
    );
    expect(expired).toMatchObject({ ssl_status: 'expired', ssl_reason: 'Certificate has expired' });
    const expiring = await deployWith((host) =>
      makeServerCertificate(ca, [host], { notBefore: days(-80), notAfter: days(10) }),
    );
    expect(expiring.ssl_status).toBe('expiring');
  });

  it('nothing answering over TLS is pending at first and failed after an hour', async () => {
    const inst = await deployWith();
    expect(inst.ssl_status).toBe('pending');
    expect(inst.ssl_reason).toMatch(/TLS handshake with .* failed|Nothing answers/);
    const { later } = await checkAgainAfter(61 * 60 * 1000, inst);
    expect(later.ssl_status).toBe('failed');
  });
});

describe('custom domain certificates', () => {
  it('a verified custom domain becomes active once its certificate is valid', async () => {
    const inst = await deployWith((host) =>
      makeServerCertificate(ca, [host], { notAfter: days(60) }),
    );
    await pointCustomDomain(h, dns, owner.token, inst.uuid, 'portal.cert-school.test');
    const verified = await h.rest('POST', `/instances/${inst.uuid}/custom-domain/verify`, {
      token: owner.token,
    });
    // DNS is right but the proxy has no certificate for the name yet.
    expect(verified.body.data.custom_domain_status).toBe('verified');
    expect(verified.body.data.custom_domain_reason).toMatch(/TLS handshake/);

    presented.set(
      'portal.cert-school.test',
      makeServerCertificate(ca, ['portal.cert-school.test'], { notAfter: days(60) }),
    );
    h.clock.advance(11 * 60 * 1000);
    await h.db
      .updateTable('instances')
      .set({ custom_domain_next_check_at: null })
      .where('uuid', '!=', inst.uuid)
      .execute();
    expect(await runDueDomainChecks(h.deps)).toBe(1);
    const active = (await h.rest('GET', `/instances/${inst.uuid}`, { token: owner.token })).body
      .data;
    expect(active).toMatchObject({ custom_domain_status: 'active', custom_domain_reason: null });
  });
});

describe('local mode', () => {
  it('with PUBLIC_HTTPS=false nothing is checked and the status says not_configured', async () => {
    h.config.tls.publicHttps = false;
    try {
      const inst = await deployWith((host) =>
        makeServerCertificate(ca, [host], { notAfter: days(60) }),
      );
      expect(inst).toMatchObject({
        ssl_status: 'not_configured',
        ssl_issuer: null,
        ssl_expires_at: null,
      });
    } finally {
      h.config.tls.publicHttps = true;
    }
  });
});
