import { describe, expect, it } from 'vitest';
import { CUSTOM_DOMAIN_TEXTS } from '@scmp/api/contracts/custom-domain';
import { subscribedOrganization } from '../src/testing/billing-fixtures';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { useCustomDomainWorld, type Customer } from './custom-domains/fixtures';

/**
 * Custom domains (issue 24): the input rules (a host name or a URL's host, never the deployment's
 * own domains, only owners and admins), and the TLS ask endpoint that serves only what is served.
 */
let h: TestHarness;
let acme: Customer;
let member: Awaited<ReturnType<TestHarness['createUser']>>;
const { publish } = useCustomDomainWorld((w) => ({ h, acme, member } = w));

describe('custom domain input', () => {
  it('takes a host name or a URL’s host, and refuses what cannot be a customer’s domain', async () => {
    const inst = await acme.newInstance();
    // Each message, with the inputs refused (422) with it; a number has no message to check.
    const refused: Array<[string | null, unknown[]]> = [
      [
        CUSTOM_DOMAIN_TEXTS.ipAddress,
        ['192.0.2.1', 'https://192.0.2.1/', '[2001:db8::1]', '2001:db8::1'],
      ],
      [
        CUSTOM_DOMAIN_TEXTS.localhost,
        ['localhost', 'portal.localhost', 'x.c1-acme.instances.localhost'],
      ],
      [CUSTOM_DOMAIN_TEXTS.singleLabel, ['intranet']],
      [CUSTOM_DOMAIN_TEXTS.tooLong, [`${'abcdefghij'.repeat(6)}.`.repeat(5) + 'org']],
      [
        CUSTOM_DOMAIN_TEXTS.pathOrPort,
        [
          'https://portal.example.org/welcome',
          'portal.example.org:8443',
          'https://portal.example.org?x=1',
        ],
      ],
      [
        CUSTOM_DOMAIN_TEXTS.invalid,
        ['ftp://portal.example.org', 'not a domain', '-bad-.example.org'],
      ],
      [CUSTOM_DOMAIN_TEXTS.required, ['']],
      [null, [42]],
    ];
    for (const [text, domains] of refused)
      for (const domain of domains) {
        const res = await acme.put(inst.uuid, domain);
        expect(res.status, `${String(domain)}: ${res.text}`).toBe(422);
        if (text) expect(res.body.errors?.domain, String(domain)).toEqual([text]);
      }
    const url = await acme.put(inst.uuid, 'HTTPS://Portal.Example.ORG/');
    expect(url.status, url.text).toBe(200);
    expect(url.body.data.custom_domain).toBe('portal.example.org');
    const unicode = await acme.put(inst.uuid, 'école.example.org');
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
      const orgUuid = await subscribedOrganization(own, user.token, {
        name: 'Own',
        subdomain: 'own',
      });
      const deploy = (customDomain: string) =>
        own.rest('POST', '/instances', {
          token: user.token,
          body: { organization_uuid: orgUuid, name: 'Main', custom_domain: customDomain },
        });
      const deployed = await deploy('x.sites.example.com');
      expect(deployed.status).toBe(422);
      expect(deployed.body.errors.custom_domain).toEqual([
        CUSTOM_DOMAIN_TEXTS.ours('sites.example.com'),
      ]);
      const tenant = await deploy('https://other.scmp.example.com');
      expect(tenant.body.errors.custom_domain).toEqual([
        CUSTOM_DOMAIN_TEXTS.ours('scmp.example.com'),
      ]);
      const app = await deploy('app.example.com');
      expect(app.status).toBe(422);
    } finally {
      await own.close();
    }
  });

  it('lets only owners and admins change it; other tenants get 404', async () => {
    const inst = await acme.newInstance();
    const outsider = await acme.put(inst.uuid, 'portal.outsider.org', member.token);
    expect(outsider.status).toBe(404);
    const removed = await h.rest('DELETE', `/instances/${inst.uuid}/custom-domain`, {
      token: member.token,
    });
    expect(removed.status).toBe(404);
  });
});

describe('the TLS ask endpoint', () => {
  const ask = (domain: string, remoteAddress = '127.0.0.1') =>
    h.app.inject({
      url: `/api/v1/internal/tls/ask?domain=${encodeURIComponent(domain)}`,
      remoteAddress,
    });

  it('answers 200 only for hosts served right now', async () => {
    const inst = await acme.newInstance();
    const data = (await acme.put(inst.uuid, 'portal.ask-test.org')).body.data;
    expect((await ask(inst.host)).statusCode).toBe(200);
    expect((await ask('acme.localhost')).statusCode).toBe(200);
    expect((await ask('localhost')).statusCode).toBe(200); // the app's own host
    expect((await ask('portal.ask-test.org')).statusCode).toBe(404); // not verified yet
    publish(data);
    await acme.verify(inst.uuid);
    expect((await ask('portal.ask-test.org')).statusCode).toBe(200);
    for (const refused of [
      'unknown.example.org',
      'nope-acme.instances.localhost',
      'nobody.localhost',
      '127.0.0.1',
      '',
    ])
      expect((await ask(refused)).statusCode, refused).toBe(404);
    await h.rest('DELETE', `/instances/${inst.uuid}`, { token: acme.owner.token });
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
