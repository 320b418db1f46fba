import type { AppDeps } from '../../core/app-deps';
import { SSO_COMPLETION_SECONDS } from '../../contracts/sso';
import { generateToken, sha256Hex } from '../../core/tokens';
import type { ConnectionRow } from './oidc-client';
import { provision } from './sign-in-provision';
import type { Req } from './sign-in-start';

/**
 * The end of an identity provider's answer, the same for OIDC and SAML: where the browser goes
 * (a test run back to the connection, a refusal to /login), what a test run records on the
 * connection, and the one-time code a sign-in hands to the web app.
 */
export type CallbackResult = { location: string; setCookies: string[] };

export const appBase = (deps: AppDeps) => deps.config.appUrl.replace(/\/$/, '');

const failedSignInLocation = (deps: AppDeps) => `${appBase(deps)}/login?sso_error=1`;

/** An answer that matches no sign-in attempt (or connection): logged, the browser to /login. */
export function unknownAnswer(deps: AppDeps, message: string): CallbackResult {
  deps.logger.info(message);
  return { location: failedSignInLocation(deps), setCookies: [] };
}

/** A refused sign-in, kept for the organization's admins with its reason (GET …/sso-failures). */
async function recordFailure(
  deps: AppDeps,
  connection: ConnectionRow,
  reason: string,
  email: string | null,
): Promise<void> {
  await deps.db
    .insertInto('sso_sign_in_failures')
    .values({
      organization_id: connection.organization_id,
      connection_id: connection.id,
      connection_name: connection.display_name,
      email,
      reason: reason.slice(0, 500),
      created_at: deps.clock.now(),
    })
    .execute();
  deps.logger.info({ connectionId: connection.id, reason }, 'sso sign-in refused');
}

type Purpose = 'sign_in' | 'test';
type Received = Record<string, unknown> | null;

/**
 * How an answer through `connection` ends, for OIDC and SAML alike. `refuse`: recorded for the
 * admins; a test run records it on the connection and returns there, a sign-in goes to /login.
 * `accept`: a test run records what was received; a sign-in provisions the person and hands the
 * web app a one-time code.
 */
export function signInOutcome(deps: AppDeps, req: Req, connection: ConnectionRow, now: Date) {
  const testRunDone = async (received: Received, error: string | null) => {
    await recordTestRun(deps, connection, now, received, error);
    return { location: await testRunLocation(deps, connection), setCookies: [] };
  };
  return {
    async refuse(
      purpose: Purpose,
      reason: string,
      email: string | null,
      received: Received = null,
    ): Promise<CallbackResult> {
      await recordFailure(deps, connection, reason, email);
      if (purpose === 'test') return testRunDone(received, reason);
      return { location: failedSignInLocation(deps), setCookies: [] };
    },
    async accept(
      purpose: Purpose,
      attemptId: string,
      person: Parameters<typeof provision>[3],
      received: Received,
    ): Promise<CallbackResult> {
      if (purpose === 'test') return testRunDone(received, null);
      return finishSignIn(deps, req, connection, person, attemptId, now);
    },
  };
}

/** The connection's place on its organization's security tab, where a test run returns. */
async function testRunLocation(deps: AppDeps, connection: ConnectionRow): Promise<string> {
  const organization = await deps.db
    .selectFrom('organizations')
    .select('uuid')
    .where('id', '=', connection.organization_id)
    .executeTakeFirstOrThrow();
  return `${appBase(deps)}/dashboard/organizations/${organization.uuid}?tab=security&sso_test=${connection.uuid}`;
}

/** A test run's result on the connection: what was received and, when refused, why. */
async function recordTestRun(
  deps: AppDeps,
  connection: ConnectionRow,
  now: Date,
  claims: Record<string, unknown> | null,
  error: string | null,
): Promise<void> {
  await deps.db
    .updateTable('sso_connections')
    .set({
      ...(error === null ? { tested_at: now } : {}),
      last_test: JSON.stringify({ ok: error === null, at: now.toISOString(), claims, error }),
    })
    .where('id', '=', connection.id)
    .execute();
}

/** The person signs in: their account and membership, then a one-time code for the web app. */
async function finishSignIn(
  deps: AppDeps,
  req: Req,
  connection: ConnectionRow,
  person: Parameters<typeof provision>[3],
  attemptId: string,
  now: Date,
): Promise<CallbackResult> {
  const userId = await provision(deps, req, connection, person);
  const code = generateToken(32);
  await deps.db
    .updateTable('sso_login_attempts')
    .set({
      completion_hash: sha256Hex(code),
      completion_user_id: userId,
      completion_expires_at: new Date(now.getTime() + SSO_COMPLETION_SECONDS * 1000),
    })
    .where('id', '=', attemptId)
    .execute();
  return {
    location: `${appBase(deps)}/login/sso?code=${encodeURIComponent(code)}`,
    setCookies: [],
  };
}
