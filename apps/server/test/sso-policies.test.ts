import { generateSync } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SSO_POLICY_TEXTS } from '@scmp/api/contracts/sso';
import type { Json, TestHarness } from '../src/testing/harness';
import { startTestOidcProvider, type TestOidcProvider } from '../src/testing/oidc-provider';
import {
  addVerifiedDomain,
  createOrganization,
  organizationId,
} from '../src/testing/organization-rows';
import { authenticatorFor, registerPasskey } from '../src/testing/passkey-helpers';
import type { SoftwareAuthenticator } from '../src/testing/software-authenticator';
import { ssoBrowserCookie, throughOidcProvider } from '../src/testing/sso-helpers';
import { activityLines } from '../src/testing/user-rows';
import { useHarness } from '../src/testing/use-harness';

/**
 * Sign-in policies (issue 37). Require SSO: members whose e-mail is at a verified domain are
 * refused password and passkey sign-ins (403 SSO_REQUIRED with the link to the identity
 * provider), their non-SSO sessions end when it is switched on, and the owner keeps a break-glass
 * sign-in with a second factor, recorded and e-mailed to the admins; it cannot be switched on
 * before a connection test succeeded. Require two-factor: calls to the organization by a member
 * without TOTP or a passkey (and not signed in through SSO) answer 403 TWO_FACTOR_REQUIRED until
 * they enrol. Owner/admin with a session only.
 */
let h: TestHarness;
let idp: TestOidcProvider;
type User = Awaited<ReturnType<TestHarness['createUser']>>;
const DOMAIN = 'oakfield.org.uk';
let callbackBase: string;
let owner: User;
let admin: User;
let teacher: User;
let billing: User;
let visitor: User;
let outsider: User;
let passkeyTeacher: User;
let passkeyDevice: SoftwareAuthenticator;
let orgUuid: string;
let orgId: number;
let connection: Json;
let ssoStaffToken: string;
let ownerTotpSecret: string;

const policyPath = () => `/organizations/${orgUuid}/sso-policy`;
const totp = (secret: string) =>
  generateSync({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) });

async function addMember(user: User, role: 'admin' | 'billing' | 'member') {
  await h.db
    .insertInto('organization_members')
    .values({ organization_id: orgId, user_id: user.id, role, joined_at: new Date() })
    .execute();
}

const cookieOf = ssoBrowserCookie;

async function throughProvider(redirectUrl: string, cookie: string, subject: string) {
  return (await throughOidcProvider(h, idp, callbackBase, { redirectUrl, cookie, subject }))
    .location;
}

async function ssoSignIn(email: string, subject: string): Promise<string> {
  const start = await h.rest('POST', '/auth/sso/start', { body: { email } });
  expect(start.status, start.text).toBe(200);
  const cookie = cookieOf(start.headers);
  const location = await throughProvider(start.body.data.redirect_url, cookie, subject);
  const code = new URL(location).searchParams.get('code');
  expect(code, location).toBeTruthy();
  const done = await h.rest('POST', '/auth/sso/complete', { body: { code }, headers: { cookie } });
  expect(done.status, done.text).toBe(200);
  return done.body.data.token as string;
}

async function enableTwoFactor(user: User): Promise<string> {
  const enabled = await h.rest('POST', '/two-factor/enable', {
    token: user.token,
    body: { password: user.password },
  });
  expect(enabled.status, enabled.text).toBe(200);
  const secret = enabled.body.data.secret as string;
  const confirmed = await h.rest('POST', '/two-factor/confirm', {
    token: user.token,
    body: { code: totp(secret) },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  h.clock.advance(60_000); // the confirming code's step is used up
  return secret;
}

async function passkeySignIn(device: SoftwareAuthenticator) {
  const options = await h.rest('POST', '/auth/passkey/options', { body: {} });
  expect(options.status).toBe(200);
  return h.rest('POST', '/auth/passkey/verify', {
    body: {
      challenge_token: options.body.data.challenge_token,
      response: device.assert(options.body.data.options as never),
    },
  });
}

async function alive(token: string): Promise<boolean> {
  const me = await h.rest('GET', '/user', { token });
  return me.status === 200;
}

async function mails(kind: string) {
  return h.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'user_id'])
    .where('kind', '=', kind)
    .execute();
}

useHarness((made) => (h = made));
beforeAll(async () => {
  callbackBase = `${h.config.appUrl}/api/v1/sso/oidc/callback`;
  idp = await startTestOidcProvider(callbackBase);
  owner = await h.createUser({ email: `head@${DOMAIN}`, name: 'Hana Head' });
  ({ uuid: orgUuid, id: orgId } = await createOrganization(h, owner.token, {
    name: 'Oakfield Primary',
    type: 'school',
    subdomain: 'oakfield-policy',
  }));
  await addVerifiedDomain(h, orgId, DOMAIN);
  admin = await h.createUser({ email: `it@${DOMAIN}`, name: 'Ian IT' });
  teacher = await h.createUser({ email: `teacher@${DOMAIN}` });
  billing = await h.createUser({ email: `bursar@${DOMAIN}` });
  visitor = await h.createUser({ email: 'visitor@elsewhere.org' });
  outsider = await h.createUser({ email: `stranger@${DOMAIN}` });
  passkeyTeacher = await h.createUser({ email: `pk@${DOMAIN}` });
  await addMember(admin, 'admin');
  await addMember(teacher, 'member');
  await addMember(billing, 'billing');
  await addMember(visitor, 'member');
  await addMember(passkeyTeacher, 'member');
  passkeyDevice = authenticatorFor(h);
  await registerPasskey(h, passkeyTeacher.token, passkeyDevice);

  const created = await h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
    token: admin.token,
    body: {
      type: 'oidc',
      display_name: 'Oakfield IdP',
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
    },
  });
  expect(created.status, created.text).toBe(201);
  connection = created.body.data;
}, 60_000);
afterAll(() => idp?.close());
beforeEach(() => {
  // A fresh budget of sign-in and SSO-start throttles for each case.
  h.clock.advance(61_000);
});

describe('who may read and change the policies', () => {
  it('owner and admins with a session; member and billing 403, others 404, API tokens 403 (both doors)', async () => {
    const got = await h.rest('GET', policyPath(), { token: admin.token });
    expect(got.status, got.text).toBe(200);
    expect(got.body.data).toMatchObject({
      require_sso: false,
      require_two_factor: false,
      can_require_sso: false,
      require_sso_blocked_reason: SSO_POLICY_TEXTS.testFirst,
      verified_domains: [DOMAIN],
      // admin, teacher, bursar and pk at the domain; the owner is not covered (break-glass).
      covered_member_count: 4,
    });
    for (const user of [teacher, billing]) {
      const res = await h.rest('GET', policyPath(), { token: user.token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      const patch = await h.rest('PATCH', policyPath(), {
        token: user.token,
        body: { require_two_factor: true },
      });
      expect(patch.status).toBe(403);
    }
    const stranger = await h.rest('GET', policyPath(), { token: outsider.token });
    expect(stranger.status).toBe(404);
    const anonymous = await h.rest('GET', policyPath());
    expect(anonymous.status).toBe(401);

    const apiToken = await h.rest('POST', '/user/api-tokens', {
      token: owner.token,
      body: {
        name: 'MIS',
        scopes: ['organizations:read', 'organizations:write'],
        expires_in_days: 7,
      },
    });
    expect(apiToken.status, apiToken.text).toBe(201);
    const byToken = await h.rest('GET', policyPath(), { token: apiToken.body.data.token });
    expect(byToken.status).toBe(403);
    expect(byToken.body.message).toMatch(/^API tokens cannot be used for this operation\./);

    const trpc = await h.trpc('query', 'sso.getPolicy', { id: orgUuid }, { token: owner.token });
    expect(trpc.status, trpc.text).toBe(200);
    const trpcMember = await h.trpc(
      'query',
      'sso.getPolicy',
      { id: orgUuid },
      { token: teacher.token },
    );
    expect(trpcMember.status).toBe(403);
  });

  it('Require SSO cannot be switched on before a connection test has succeeded', async () => {
    const refused = await h.rest('PATCH', policyPath(), {
      token: owner.token,
      body: { require_sso: true },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.require_sso).toEqual([SSO_POLICY_TEXTS.testFirst]);
    const trpcRefused = await h.trpc(
      'mutation',
      'sso.updatePolicy',
      { id: orgUuid, require_sso: true },
      { token: owner.token },
    );
    expect(trpcRefused.status).toBe(422);
    const row = await h.db
      .selectFrom('sso_policies')
      .selectAll()
      .where('organization_id', '=', orgId)
      .executeTakeFirst();
    expect(row?.require_sso ?? false).toBe(false);

    // A failed test run does not count.
    idp.accounts.set('wrong-domain', { email: 'someone@elsewhere.org' });
    let test = await h.rest(
      'POST',
      `/organizations/${orgUuid}/sso-connections/${connection.uuid}/test`,
      { token: admin.token },
    );
    await throughProvider(test.body.data.redirect_url, cookieOf(test.headers), 'wrong-domain');
    expect(
      (await h.rest('PATCH', policyPath(), { token: owner.token, body: { require_sso: true } }))
        .status,
    ).toBe(422);

    idp.accounts.set('tester', { email: `it@${DOMAIN}` });
    test = await h.rest(
      'POST',
      `/organizations/${orgUuid}/sso-connections/${connection.uuid}/test`,
      {
        token: admin.token,
      },
    );
    await throughProvider(test.body.data.redirect_url, cookieOf(test.headers), 'tester');
    const ready = await h.rest('GET', policyPath(), { token: admin.token });
    expect(ready.body.data).toMatchObject({
      can_require_sso: true,
      require_sso_blocked_reason: null,
      tested_connection: 'Oakfield IdP',
    });
  });
});

describe('Require SSO', () => {
  it('switching it on ends covered members’ password sessions, but not SSO sessions, the owner’s or other domains’', async () => {
    idp.accounts.set('staff-sso', { email: `staff@${DOMAIN}`, name: 'Sam Staff' });
    ssoStaffToken = await ssoSignIn(`staff@${DOMAIN}`, 'staff-sso');
    ownerTotpSecret = await enableTwoFactor(owner);
    expect(await alive(teacher.token)).toBe(true);

    const on = await h.rest('PATCH', policyPath(), {
      token: owner.token,
      body: { require_sso: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toMatchObject({
      message: SSO_POLICY_TEXTS.updated,
      data: { require_sso: true, require_two_factor: false },
    });

    expect(await alive(teacher.token)).toBe(false);
    expect(await alive(admin.token)).toBe(false);
    expect(await alive(passkeyTeacher.token)).toBe(false);
    expect(await alive(ssoStaffToken)).toBe(true);
    expect(await alive(owner.token)).toBe(true);
    expect(await alive(visitor.token)).toBe(true);
    // Not a member of the organization: not covered.
    expect(await alive(outsider.token)).toBe(true);
    expect(await activityLines(h.db, owner.id)).toContain(
      'sso.policy_changed: Require single sign-on on for Oakfield Primary (4 sessions ended)',
    );
  });

  it('refuses a covered member’s password sign-in with 403 SSO_REQUIRED and the link to the identity provider', async () => {
    const res = await h.rest('POST', '/auth/login', {
      body: { email: teacher.email, password: teacher.password },
    });
    expect(res.status).toBe(403);
    const link = `http://localhost:3000/api/v1/sso/start?email=${encodeURIComponent(teacher.email)}`;
    expect(res.body).toMatchObject({
      success: false,
      code: 'SSO_REQUIRED',
      message: SSO_POLICY_TEXTS.ssoRequired,
      sso_url: link,
    });
    // The same through the tRPC door.
    const trpc = await h.trpc('mutation', 'auth.login', {
      email: teacher.email,
      password: teacher.password,
    });
    expect(trpc.status).toBe(403);
    expect(trpc.text).toContain('SSO_REQUIRED');
    // A wrong password still answers as before: the policy says nothing without the password.
    const wrong = await h.rest('POST', '/auth/login', {
      body: { email: teacher.email, password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    // The link starts single sign-on.
    const start = await h.app.inject({
      method: 'GET',
      url: new URL(link).pathname + new URL(link).search,
    });
    expect(start.statusCode).toBe(302);
    expect(String(start.headers.location)).toMatch(new RegExp(`^${idp.issuer}/`));
    // Members at other domains sign in as before.
    const other = await h.rest('POST', '/auth/login', {
      body: { email: visitor.email, password: visitor.password },
    });
    expect(other.status, other.text).toBe(200);
  });

  it('refuses a covered member’s passkey sign-in the same way', async () => {
    const res = await passkeySignIn(passkeyDevice);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'SSO_REQUIRED',
      sso_url: `http://localhost:3000/api/v1/sso/start?email=${encodeURIComponent(passkeyTeacher.email)}`,
    });
  });

  it('the covered member still signs in through the identity provider', async () => {
    idp.accounts.set('teacher-sub', { email: teacher.email });
    const token = await ssoSignIn(teacher.email, 'teacher-sub');
    expect(await alive(token)).toBe(true);
    const org = await h.rest('GET', `/organizations/${orgUuid}`, { token });
    expect(org.status).toBe(200);
  });

  it('break-glass: the owner signs in with password and second factor; recorded and e-mailed to the admins', async () => {
    const step = await h.rest('POST', '/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(step.status, step.text).toBe(200);
    expect(step.body.data.two_factor_required).toBe(true);
    const verify = await h.rest('POST', '/auth/two-factor/verify', {
      body: {
        email: owner.email,
        code: totp(ownerTotpSecret),
        challenge_token: step.body.data.challenge_token,
      },
    });
    expect(verify.status, verify.text).toBe(200);
    expect(await alive(verify.body.data.token)).toBe(true);
    expect(await activityLines(h.db, owner.id)).toContain(
      'sso.break_glass: Break-glass sign-in to Oakfield Primary without single sign-on (password and authenticator code)',
    );
    const sent = await mails('sso-break-glass');
    expect(sent.map((m) => m.to_address).sort()).toEqual([admin.email, owner.email].sort());
    expect(sent[0]!.subject).toBe(SSO_POLICY_TEXTS.breakGlassSubject('Oakfield Primary'));
  });

  it('break-glass needs a second factor: an owner without one is sent to the identity provider', async () => {
    await h.db
      .updateTable('users')
      .set({ two_factor_enabled: false })
      .where('id', '=', owner.id)
      .execute();
    try {
      const res = await h.rest('POST', '/auth/login', {
        body: { email: owner.email, password: owner.password },
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'SSO_REQUIRED',
        message: SSO_POLICY_TEXTS.breakGlassNeedsSecondFactor,
      });
    } finally {
      await h.db
        .updateTable('users')
        .set({ two_factor_enabled: true })
        .where('id', '=', owner.id)
        .execute();
    }
  });

  it('rests while the organization has no connection left (nowhere to send its members)', async () => {
    const head = await h.createUser({ email: 'head@birchwood.org.uk' });
    const org = await h.rest('POST', '/organizations', {
      token: head.token,
      body: { name: 'Birchwood', type: 'school', subdomain: 'birchwood-policy' },
    });
    const id = await organizationId(h.db, org.body.data.uuid);
    await h.db
      .insertInto('organization_domains')
      .values({
        organization_id: id,
        domain: 'birchwood.org.uk',
        status: 'verified',
        token: 'scmp-verify=test',
        verified_at: new Date(),
      })
      .execute();
    await h.db
      .insertInto('sso_policies')
      .values({ organization_id: id, require_sso: true, require_two_factor: false })
      .execute();
    const staff = await h.createUser({ email: 'staff@birchwood.org.uk' });
    await h.db
      .insertInto('organization_members')
      .values({ organization_id: id, user_id: staff.id, role: 'member', joined_at: new Date() })
      .execute();
    const login = () =>
      h.rest('POST', '/auth/login', { body: { email: staff.email, password: staff.password } });
    expect((await login()).status).toBe(200);
    await h.db
      .insertInto('sso_connections')
      .values({ organization_id: id, type: 'oidc', display_name: 'Birchwood IdP' })
      .execute();
    h.clock.advance(61_000);
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SSO_REQUIRED');
  });

  it('switched off, covered members sign in with their password again', async () => {
    const off = await h.rest('PATCH', policyPath(), {
      token: owner.token,
      body: { require_sso: false },
    });
    expect(off.status).toBe(200);
    const res = await h.rest('POST', '/auth/login', {
      body: { email: teacher.email, password: teacher.password },
    });
    expect(res.status, res.text).toBe(200);
  });
});

describe('Require two-factor', () => {
  it('blocks calls to the organization by a member without a second factor until they enrol', async () => {
    const login = await h.rest('POST', '/auth/login', {
      body: { email: visitor.email, password: visitor.password },
    });
    const visitorUser = { ...visitor, token: login.body.data.token as string };
    const on = await h.rest('PATCH', policyPath(), {
      token: owner.token,
      body: { require_two_factor: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.body.data.require_two_factor).toBe(true);

    const blocked = await h.rest('GET', `/organizations/${orgUuid}`, { token: visitorUser.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      message: SSO_POLICY_TEXTS.twoFactorRequired('Oakfield Primary'),
      organization_uuid: orgUuid,
      two_factor_setup_url: '/dashboard/security',
    });
    const members = await h.rest('GET', `/organizations/${orgUuid}/members`, {
      token: visitorUser.token,
    });
    expect(members.status).toBe(403);
    const trpc = await h.trpc(
      'query',
      'organizations.get',
      { id: orgUuid },
      { token: visitorUser.token },
    );
    expect(trpc.status).toBe(403);
    expect(trpc.text).toContain('TWO_FACTOR_REQUIRED');
    // An API token of such a member is blocked too.
    const apiToken = await h.rest('POST', '/user/api-tokens', {
      token: visitorUser.token,
      body: { name: 'script', scopes: ['organizations:read'], expires_in_days: 7 },
    });
    expect(apiToken.status, apiToken.text).toBe(201);
    const byToken = await h.rest('GET', `/organizations/${orgUuid}`, {
      token: apiToken.body.data.token,
    });
    expect(byToken.status).toBe(403);
    expect(byToken.body.code).toBe('TWO_FACTOR_REQUIRED');
    // Their own account (and enrolling) is not blocked.
    expect(await alive(visitorUser.token)).toBe(true);

    await enableTwoFactor(visitorUser);
    const after = await h.rest('GET', `/organizations/${orgUuid}`, { token: visitorUser.token });
    expect(after.status, after.text).toBe(200);
  });

  it('a passkey counts as a second factor; members signed in through SSO are not asked', async () => {
    const login = await h.rest('POST', '/auth/login', {
      body: { email: teacher.email, password: teacher.password },
    });
    const teacherToken = login.body.data.token as string;
    expect((await h.rest('GET', `/organizations/${orgUuid}`, { token: teacherToken })).status).toBe(
      403,
    );
    await registerPasskey(h, teacherToken, authenticatorFor(h), 'Laptop');
    expect((await h.rest('GET', `/organizations/${orgUuid}`, { token: teacherToken })).status).toBe(
      200,
    );
    // staff@ has neither TOTP nor a passkey, and signed in through the identity provider.
    const sso = await h.rest('GET', `/organizations/${orgUuid}`, { token: ssoStaffToken });
    expect(sso.status, sso.text).toBe(200);
  });

  it('instance operations of the organization are covered; other organizations are not', async () => {
    const stranger = await h.createUser({ email: 'new@elsewhere.org' });
    await addMember(stranger, 'member');
    const own = await h.rest('POST', '/organizations', {
      token: stranger.token,
      body: { name: 'Stranger Camp', type: 'camp', subdomain: 'stranger-camp' },
    });
    expect(own.status, own.text).toBe(201);
    const mine = await h.rest('GET', `/organizations/${own.body.data.uuid}`, {
      token: stranger.token,
    });
    expect(mine.status).toBe(200);
    const instances = await h.rest('GET', '/instances', {
      token: stranger.token,
      query: { organization_uuid: orgUuid },
    });
    expect(instances.status).toBe(403);
    expect(instances.body.code).toBe('TWO_FACTOR_REQUIRED');
  });
});

describe("the tenant's login page", () => {
  it('lists its organization’s connections with a start link that goes to the identity provider', async () => {
    // A tenant's pages answer once the organization is active (as its branding does).
    const pending = await h.rest('GET', '/public/tenant/oakfield-policy/sso-connections');
    expect(pending.status).toBe(404);
    await h.db
      .updateTable('organizations')
      .set({ status: 'active' })
      .where('id', '=', orgId)
      .execute();
    const res = await h.rest('GET', '/public/tenant/oakfield-policy/sso-connections');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual([
      {
        uuid: connection.uuid,
        display_name: 'Oakfield IdP',
        start_url: `http://localhost:3000/api/v1/sso/start?connection=${connection.uuid}`,
      },
    ]);
    const trpc = await h.trpc('query', 'sso.tenantConnections', { slug: 'oakfield-policy' });
    expect(trpc.status).toBe(200);
    const start = await h.app.inject({
      method: 'GET',
      url: `/api/v1/sso/start?connection=${connection.uuid}`,
    });
    expect(start.statusCode, start.body).toBe(302);
    expect(String(start.headers.location)).toMatch(new RegExp(`^${idp.issuer}/`));
    expect(String(start.headers['set-cookie'])).toContain('scmp_sso_browser=');

    const unknownTenant = await h.rest('GET', '/public/tenant/no-such-school/sso-connections');
    expect(unknownTenant.status).toBe(404);
    const unknownConnection = await h.app.inject({
      method: 'GET',
      url: '/api/v1/sso/start?connection=00000000-0000-4000-8000-000000000000',
    });
    expect(unknownConnection.statusCode).toBe(404);
  });
});
