import { drainJobs } from '../../src/testing/door-world/world-helpers';
import { afterAll, beforeAll, expect } from 'vitest';
import { createHarness, type TestHarness } from '../../src/testing/harness';
import {
  buildSecurityResourceSet,
  type SecurityResourceSet,
} from '../../src/testing/security-fixtures';
import {
  addMemberRow,
  invitationTokenFromMail,
  organizationId,
} from '../../src/testing/organization-rows';
import { exportArchive, type PlantedSecret } from '../../src/testing/archive-checks';
import { storedCredentials } from './planted-secrets';

/** The shared setup of the organization data export tests (organization-data-exports.test.ts). */
export let h: TestHarness;
export let A: SecurityResourceSet;
export let other: SecurityResourceSet;
export let admin: Awaited<ReturnType<TestHarness['createUser']>>;
export let member: Awaited<ReturnType<TestHarness['createUser']>>;
export let orgId: number;
const secrets: PlantedSecret[] = [];

/** Runs the due jobs until none is left (the export builder, the mail outbox). */
export const drain = () => drainJobs(h);

export const download = (uuid: string, token: string, org = A.orgUuid) =>
  h.app.inject({
    method: 'GET',
    url: `/api/v1/organizations/${org}/data-exports/${uuid}/download`,
    headers: { authorization: `Bearer ${token}` },
  });

/** One server for the test file, with the organization's secrets planted before its tests. */
export function useOrganizationExportHarness() {
  beforeAll(async () => {
    h = await createHarness();
    A = await buildSecurityResourceSet(h, 'orgexport');
    other = await buildSecurityResourceSet(h, 'elsewhere');
    orgId = await organizationId(h.db, A.orgUuid);
    admin = await h.createUser({
      verified: true,
      name: 'Ada Admin',
      email: 'ada.admin@example.com',
    });
    member = await h.createUser({
      verified: true,
      name: 'Mo Member',
      email: 'mo.member@example.com',
    });
    await addMemberRow(h.db, orgId, admin.id, 'admin');
    await addMemberRow(h.db, orgId, member.id, 'member');

    // Plant every secret kind first.
    secrets.push({ label: 'password', value: A.user.password });
    secrets.push({ label: 'session token', value: A.user.token });
    secrets.push({ label: 'admin session token', value: admin.token });
    secrets.push({ label: 'API token', value: A.apiToken! });
    const enabled = await h.rest('POST', '/two-factor/enable', {
      token: admin.token,
      body: { password: admin.password },
    });
    expect(enabled.status, enabled.text).toBe(200);
    secrets.push({ label: 'TOTP secret', value: enabled.body.data.secret as string });
    const hook = await h.rest('POST', `/organizations/${A.orgUuid}/webhooks`, {
      token: A.user.token,
      body: { url: 'https://hooks.example.com/export-test', events: ['organization.updated'] },
    });
    expect(hook.status, hook.text).toBe(201);
    secrets.push({ label: 'webhook secret', value: hook.body.data.secret as string });
    secrets.push(...(await storedCredentials(h.db, [A.user.id, admin.id, member.id], orgId)));
    const invite = await h.rest('POST', `/organizations/${A.orgUuid}/invitations`, {
      token: A.user.token,
      body: { email: 'invitee.export@example.com', role: 'member' },
    });
    expect(invite.status, invite.text).toBe(201);
    const inviteToken = await invitationTokenFromMail(h, 'invitee.export@example.com');
    secrets.push({ label: 'invitation token', value: inviteToken });
    const invitation = await h.db
      .selectFrom('organization_invitations')
      .select('token_hash')
      .where('organization_id', '=', orgId)
      .executeTakeFirstOrThrow();
    secrets.push({ label: 'invitation token hash', value: invitation.token_hash });
    const ssoSecret = 'sso-client-secret-PLANTED-0123456789';
    await h.db
      .insertInto('sso_connections')
      .values({
        organization_id: orgId,
        type: 'oidc',
        display_name: 'Staff sign-in',
        issuer: 'https://idp.example.com',
        client_id: 'scmp-client-id',
        client_secret_encrypted: ssoSecret,
      })
      .execute();
    secrets.push({ label: 'SSO client secret', value: ssoSecret });
    const domainToken = 'scmp-domain-challenge-PLANTED-123';
    await h.db
      .insertInto('organization_domains')
      .values({ organization_id: orgId, domain: 'orgexport.example.org', token: domainToken })
      .execute();
    secrets.push({ label: 'domain challenge', value: domainToken });
  }, 180_000);
  afterAll(() => h?.close());
  return exportArchive(secrets);
}
