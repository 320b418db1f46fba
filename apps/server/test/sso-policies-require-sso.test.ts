import { describe, expect, it } from 'vitest';
import { SSO_POLICY_TEXTS } from '@scmp/api/contracts/sso';
import { organizationId } from '../src/testing/organization-rows';
import { activityLines } from '../src/testing/user-rows';
import {
  h,
  idp,
  DOMAIN,
  owner,
  admin,
  teacher,
  visitor,
  outsider,
  passkeyTeacher,
  passkeyDevice,
  orgUuid,
  usePolicyOrganization,
} from './sso/policy-fixtures';

/**
 * Sign-in policies, part two: Require SSO, once a connection test has succeeded (part one,
 * sso-policies.test.ts, describes the whole).
 */
const { alive, enableTwoFactor, mails, passkeySignIn, policyPath, ssoSignIn, totp } =
  usePolicyOrganization({ connectionTested: true });

let ssoStaffToken: string;
let ownerTotpSecret: string;

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
