import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDemoIdp, DEMO_IDP_DOMAIN } from '../src/demo-idp/demo-idp';
import { seedDemoSso } from '../src/seed/demo-sso';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { cookieHeader, keepCookies } from '../src/testing/oidc-provider';
import { createOrganization } from '../src/testing/organization-rows';
import { freePort } from '../src/testing/free-port';

/**
 * The demo identity provider (issue 37): mounted at /demo-idp in local mode, seeded with a
 * verified domain and a connection for the demo organization, and the whole sign-in works
 * offline on one server. With APP_ENV=production it is neither mounted nor seeded.
 */
let h: TestHarness;
let appUrl: string;
let orgId: number;

/** A browser: one request, keeping the identity provider's cookies in `jar`. */
async function visit(jar: Map<string, string>, url: string, init: RequestInit = {}) {
  const res = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: {
      ...(init.headers as Record<string, string>),
      cookie: cookieHeader(jar),
    },
  });
  keepCookies(jar, res);
  const location = res.headers.get('location');
  return { res, location: location ? new URL(location, url).href : null };
}

beforeAll(async () => {
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  h = await createHarness({ appUrl });
  await h.app.listen({ port, host: '127.0.0.1' });
  const owner = await h.createUser({ email: 'head@scmp.test' });
  ({ id: orgId } = await createOrganization(h, owner.token, {
    name: 'Oakfield Primary School',
    type: 'school',
    subdomain: 'oakfield-demo',
  }));
  await seedDemoSso(h.deps, orgId, owner.id);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('the demo identity provider (local mode)', () => {
  it('is seeded with a verified domain, and a connection whose issuer is on this server', async () => {
    const seeded = {
      organization_domains: { domain: DEMO_IDP_DOMAIN, status: 'verified', next_check_at: null },
      sso_connections: {
        type: 'oidc',
        display_name: 'Oakfield Demo IdP',
        issuer: `${appUrl}/demo-idp`,
        client_id: 'scmp-demo',
        group_mappings: [{ group: 'it-staff', role: 'admin' }],
      },
    };
    for (const [table, expected] of Object.entries(seeded) as [keyof typeof seeded, object][]) {
      const row = await h.db
        .selectFrom(table)
        .selectAll()
        .where('organization_id', '=', orgId)
        .executeTakeFirstOrThrow();
      expect(row, table).toMatchObject(expected);
    }
    const discovery = await fetch(`${appUrl}/demo-idp/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`${appUrl}/demo-idp`);
  });

  it('a demo person signs in through it offline and joins the organization (IT lead as admin)', async () => {
    const start = await fetch(`${appUrl}/api/v1/auth/sso/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `it@${DEMO_IDP_DOMAIN}` }),
    });
    expect(start.status, await start.clone().text()).toBe(200);
    const scmpCookie = start.headers
      .getSetCookie()
      .find((c) => c.startsWith('scmp_sso_browser='))!
      .split(';')[0]!;
    const redirect = ((await start.json()) as { data: { redirect_url: string } }).data.redirect_url;
    expect(redirect.startsWith(`${appUrl}/demo-idp/`)).toBe(true);

    const jar = new Map<string, string>();
    let step = await visit(jar, redirect);
    expect(step.location).toMatch(/\/demo-idp\/interaction\//);
    const loginPage = await visit(jar, step.location!);
    const html = await loginPage.res.text();
    expect(loginPage.res.status).toBe(200);
    expect(html).toContain('Demo identity provider');
    expect(html).toContain('Sign in as Ivy Ito');
    const action = /action="([^"]+)"/.exec(html)![1]!;
    step = await visit(jar, new URL(action, appUrl).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=demo-it',
    });
    // Through the provider's resume and consent steps until it sends the browser back to SCMP.
    for (let i = 0; i < 10 && step.location && !step.location.includes('/api/v1/sso/'); i += 1)
      step = await visit(jar, step.location);
    expect(step.location).toContain('/api/v1/sso/oidc/callback?');
    const back = await fetch(step.location!, {
      redirect: 'manual',
      headers: { cookie: scmpCookie },
    });
    const landing = back.headers.get('location')!;
    const failures = await h.db.selectFrom('sso_sign_in_failures').select('reason').execute();
    expect(landing, JSON.stringify(failures)).toMatch(/\/login\/sso\?code=/);
    const code = new URL(landing).searchParams.get('code');
    const done = await h.rest('POST', '/auth/sso/complete', {
      body: { code },
      headers: { cookie: scmpCookie },
    });
    expect(done.status, done.text).toBe(200);
    const member = await h.db
      .selectFrom('organization_members')
      .innerJoin('users', 'users.id', 'organization_members.user_id')
      .select('organization_members.role')
      .where('users.email', '=', `it@${DEMO_IDP_DOMAIN}`)
      .where('organization_members.organization_id', '=', orgId)
      .executeTakeFirst();
    expect(member?.role).toBe('admin');
  });
});

describe('with APP_ENV=production', () => {
  it('is neither mounted nor seeded', async () => {
    const config = { ...h.deps.config, appEnv: 'production' as const };
    const deps = { ...h.deps, config };
    const app = Fastify();
    expect(await registerDemoIdp(app, deps)).toBe(false);
    const res = await app.inject({
      method: 'GET',
      url: '/demo-idp/.well-known/openid-configuration',
    });
    expect(res.statusCode).toBe(404);
    await app.close();
    await expect(seedDemoSso(deps, orgId, undefined)).rejects.toThrow(/local mode only/);
    // And in local mode the same call mounts it.
    const local = Fastify();
    expect(await registerDemoIdp(local, h.deps)).toBe(true);
    await local.close();
  });
});
