import { beforeAll, expect } from 'vitest';
import type { Json, TestHarness, TestResponse } from '../../src/testing/harness';
import {
  addMemberRow,
  addVerifiedDomain,
  createOrganization,
  roleIn,
} from '../../src/testing/organization-rows';
import { activityOf, sessionTotal } from '../../src/testing/recorded-rows';
import { ssoFailures } from '../../src/testing/sso-helpers';
import { useHarness } from '../../src/testing/use-harness';

/**
 * The setup the single sign-on suites share (sso-oidc*, sso-saml*): one server per test file and
 * one organization whose owner's e-mail domain is verified, with one connection. The bindings
 * below are set before the file's tests run; useSsoOrganization answers the steps the suites share.
 * The suites import it through their protocol's module (oidc-fixtures.ts, saml-fixtures.ts).
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
}) {
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
  return { asOwner, connectionOutsiders, connectionTestRun, failures, firstSignIn, roleOf };
}

/**
 * Checks what a first sign-in through single sign-on (`result`, for `email`) leaves: the sign-in
 * page's one-time code and a session token; a member with a verified address named `name`; the
 * session says "SSO — <connection>" and the person's activity log holds the sign-up, the link,
 * the membership and the sign-in. Answers that log.
 */
async function firstSignIn(
  result: { location: string; token: string | null },
  email: string,
  name: string,
) {
  expect(result.location).toMatch(/^http:\/\/localhost:3000\/login\/sso\?code=/);
  expect(result.token).toBeTruthy();
  expect(await roleOf(email)).toBe('member');
  const user = await h.db
    .selectFrom('users')
    .select(['id', 'name', 'email_verified_at'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  expect(user.name).toBe(name);
  expect(user.email_verified_at).not.toBeNull();
  const sessions = await h.rest('GET', '/profile/sessions', { token: result.token! });
  expect(sessions.body.data[0].sign_in_method).toBe(`SSO — ${connection.display_name}`);
  const activity = await activityOf(h.db, user.id);
  expect(activity.map((a) => a.action)).toEqual(
    expect.arrayContaining([
      'account.created_by_sso',
      'sso.linked',
      'member.joined',
      'login.success',
    ]),
  );
  return activity;
}

/**
 * The admin's test run of the connection: `through` takes the started run past the identity
 * provider and answers where the browser lands (the organization's security tab); no session is
 * made. Answers the connection's `last_test`.
 */
async function connectionTestRun(
  through: (started: TestResponse) => Promise<string | undefined>,
): Promise<Json> {
  const sessionsBefore = await sessionTotal(h.db);
  const test = await asOwner('POST', `/${connection.uuid}/test`);
  expect(test.status, test.text).toBe(200);
  expect(await through(test)).toBe(
    `http://localhost:3000/dashboard/organizations/${orgUuid}?tab=security&sso_test=${connection.uuid}`,
  );
  expect(await sessionTotal(h.db)).toBe(sessionsBefore);
  const got = await asOwner('GET', `/${connection.uuid}`);
  expect(got.body.data.tested_at).toBeTruthy();
  return got.body.data.last_test as Json;
}

/** Calls the organization's connections as its owner (`path` below /organizations/{uuid}/sso-connections). */
const asOwner = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path = '', body?: Json) =>
  h.rest(method, `/organizations/${orgUuid}/sso-connections${path}`, { token: owner.token, body });

const failures = () => ssoFailures(h, orgUuid, owner.token);
const roleOf = (email: string) => roleIn(h.db, orgId, email);

/** The one-time code of the callback → a session token (same browser, 200 expected). */
export async function completeSso(code: string, cookie: string): Promise<string> {
  const done = await h.rest('POST', '/auth/sso/complete', { body: { code }, headers: { cookie } });
  expect(done.status, done.text).toBe(200);
  return done.body.data.token as string;
}

/**
 * Who may not manage the connection, each checked on reading it: a plain member (403), another
 * organization's owner on the connection's path under their organization (404), and an API token
 * of the owner with every organization scope (403; no token reaches SSO settings).
 */
async function connectionOutsiders(strangerSubdomain: string) {
  const path = `/organizations/${orgUuid}/sso-connections/${connection.uuid}`;
  const member = await h.createUser();
  await addMemberRow(h.db, orgId, member.id, 'member');
  expect((await h.rest('GET', path, { token: member.token })).status).toBe(403);

  const stranger = await h.createUser();
  const theirs = await h.rest('POST', '/organizations', {
    token: stranger.token,
    body: { name: 'Other', type: 'school', subdomain: strangerSubdomain },
  });
  const foreign = `/organizations/${theirs.body.data.uuid}/sso-connections/${connection.uuid}`;
  expect((await h.rest('GET', foreign, { token: stranger.token })).status).toBe(404);

  const created = await h.rest('POST', '/user/api-tokens', {
    token: owner.token,
    body: {
      name: 'All',
      scopes: ['organizations:read', 'organizations:write'],
      expires_in_days: null,
    },
  });
  const apiToken = created.body.data.token as string;
  expect((await h.rest('GET', path, { token: apiToken })).status).toBe(403);
  return { path, member, stranger, foreign, apiToken };
}
