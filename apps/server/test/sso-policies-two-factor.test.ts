import { beforeAll, describe, expect, it } from 'vitest';
import { SSO_POLICY_TEXTS } from '@scmp/api/contracts/sso';
import { authenticatorFor, registerPasskey } from '../src/testing/passkey-helpers';
import { expectTwoFactorRequiredOverTrpc } from '../src/testing/sso-helpers';
import {
  h,
  idp,
  DOMAIN,
  owner,
  teacher,
  visitor,
  orgUuid,
  usePolicyOrganization,
} from './sso/policy-fixtures';

/**
 * Sign-in policies, part three: Require two-factor, with the owner enrolled and a member signed in
 * through SSO (part one, sso-policies.test.ts, describes the whole).
 */
const { addMember, alive, enableTwoFactor, policyPath, ssoSignIn } = usePolicyOrganization();
let ssoStaffToken: string;
beforeAll(async () => {
  idp.accounts.set('staff-sso', { email: `staff@${DOMAIN}`, name: 'Sam Staff' });
  ssoStaffToken = await ssoSignIn(`staff@${DOMAIN}`, 'staff-sso');
  await enableTwoFactor(owner);
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
    await expectTwoFactorRequiredOverTrpc(h, orgUuid, visitorUser.token);
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
