import { describe, expect, it } from 'vitest';
import { SSO_POLICY_TEXTS } from '@scmp/api/contracts/sso';
import {
  h,
  idp,
  DOMAIN,
  owner,
  admin,
  teacher,
  billing,
  outsider,
  orgUuid,
  orgId,
  connection,
  usePolicyOrganization,
} from './sso/policy-fixtures';

/**
 * Sign-in policies (issue 37). Require SSO: members whose e-mail is at a verified domain are
 * refused password and passkey sign-ins (403 SSO_REQUIRED with the link to the identity
 * provider), their non-SSO sessions end when it is switched on, and the owner keeps a break-glass
 * sign-in with a second factor, recorded and e-mailed to the admins; it cannot be switched on
 * before a connection test succeeded. Require two-factor: calls to the organization by a member
 * without TOTP or a passkey (and not signed in through SSO) answer 403 TWO_FACTOR_REQUIRED until
 * they enrol. Owner/admin with a session only.
 */
const { cookieOf, passConnectionTest, policyPath, throughProvider } = usePolicyOrganization();

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
    const test = await h.rest(
      'POST',
      `/organizations/${orgUuid}/sso-connections/${connection.uuid}/test`,
      { token: admin.token },
    );
    await throughProvider(test.body.data.redirect_url, cookieOf(test.headers), 'wrong-domain');
    expect(
      (await h.rest('PATCH', policyPath(), { token: owner.token, body: { require_sso: true } }))
        .status,
    ).toBe(422);

    await passConnectionTest();
    const ready = await h.rest('GET', policyPath(), { token: admin.token });
    expect(ready.body.data).toMatchObject({
      can_require_sso: true,
      require_sso_blocked_reason: null,
      tested_connection: 'Oakfield IdP',
    });
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
