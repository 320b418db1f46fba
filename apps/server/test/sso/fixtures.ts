import { beforeAll, expect } from 'vitest';
import type { Json, TestHarness } from '../../src/testing/harness';
import {
  addMemberRow,
  addVerifiedDomain,
  createOrganization,
  roleIn,
} from '../../src/testing/organization-rows';
import { ssoFailures } from '../../src/testing/sso-helpers';
import { useHarness } from '../../src/testing/use-harness';

/**
 * The setup the single sign-on suites share (sso-oidc*, sso-saml*): one server per test file and
 * one organization whose owner's e-mail domain is verified, with one connection. The bindings
 * below are set before the file's tests run.
 */
export type User = Awaited<ReturnType<TestHarness['createUser']>>;
export let h: TestHarness;
export let owner: User;
export let orgUuid: string;
export let orgId: number;
export let connection: Json;

export function useSsoOrganization(options: {
  domain: string;
  name: string;
  subdomain: string;
  /** Runs first, once the server is up (start the identity provider here). */
  before?: () => Promise<void> | void;
  /** The POST …/sso-connections body; called after `before`. */
  connection: () => Json;
  /** Runs last, with the connection's 201 answer. */
  after?: (created: Json) => Promise<void> | void;
}): void {
  useHarness((made) => (h = made));
  beforeAll(async () => {
    await options.before?.();
    owner = await h.createUser({ email: `head@${options.domain}` });
    ({ uuid: orgUuid, id: orgId } = await createOrganization(h, owner.token, {
      name: options.name,
      type: 'school',
      subdomain: options.subdomain,
    }));
    await addVerifiedDomain(h, orgId, options.domain);
    const created = await h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
      token: owner.token,
      body: options.connection(),
    });
    expect(created.status, created.text).toBe(201);
    connection = created.body.data;
    await options.after?.(created);
  }, 60_000);
}

export const failures = () => ssoFailures(h, orgUuid, owner.token);
export const roleOf = (email: string) => roleIn(h.db, orgId, email);

/** The one-time code of the callback → a session token (same browser, 200 expected). */
export async function completeSso(code: string, cookie: string): Promise<string> {
  const done = await h.rest('POST', '/auth/sso/complete', { body: { code }, headers: { cookie } });
  expect(done.status, done.text).toBe(200);
  return done.body.data.token as string;
}

/** A plain member of the organization: may not manage its single sign-on settings. */
export async function plainMember(): Promise<User> {
  const member = await h.createUser();
  await addMemberRow(h.db, orgId, member.id, 'member');
  return member;
}

/** Another organization's owner, and the connection's path under their organization (404). */
export async function strangerPath(subdomain: string) {
  const stranger = await h.createUser();
  const theirs = await h.rest('POST', '/organizations', {
    token: stranger.token,
    body: { name: 'Other', type: 'school', subdomain },
  });
  const foreign = `/organizations/${theirs.body.data.uuid}/sso-connections/${connection.uuid}`;
  return { stranger, foreign };
}

/** An API token of the owner with every organization scope (no token reaches SSO settings). */
export async function ownerApiToken(): Promise<string> {
  const created = await h.rest('POST', '/user/api-tokens', {
    token: owner.token,
    body: {
      name: 'All',
      scopes: ['organizations:read', 'organizations:write'],
      expires_in_days: null,
    },
  });
  return created.body.data.token as string;
}
