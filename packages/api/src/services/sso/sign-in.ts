import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../app-deps';
import type { RequestInfo } from '../../context';
import {
  SSO_ATTEMPT_MINUTES,
  SSO_COMPLETION_SECONDS,
  SSO_FAILURE_REASONS,
  SSO_TEXTS,
} from '../../contracts/sso';
import { ROLE_LABELS } from '../../contracts/roles';
import { AppError } from '../../errors';
import { generateToken, sha256Hex } from '../../lib/tokens';
import { recordActivity } from '../activity/record-activity';
import { enforceRateLimit } from '../rate-limit/rate-limiter';
import { emitMemberEvent } from '../organizations/member-events';
import { isUniqueViolation } from '../organizations/shared';
import { hashPassword } from '../passwords';
import { createSession } from '../sessions';
import { encryptSecret, decryptSecret } from '../two-factor/crypto';
import { oidcRedirectUri, type ConnectionRow } from './connections';
import { readSsoBrowserCookie, ssoBrowserCookie } from './cookie';
import { newOidcStart, oidcAuthorizationUrl, oidcConfiguration, oidcExchange } from './oidc-client';

type Req = Pick<RequestInfo, 'ip' | 'userAgent' | 'cookie'>;
const MINUTE = 60_000;
const VERIFIER_PURPOSE = 'scmp:sso:pkce-verifier';

/** A sign-in refused for a reason the organization's admins see; the person sees one message. */
class SsoRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly email: string | null = null,
  ) {
    super(reason);
  }
}

export type StartResult = { redirectUrl: string; setCookies: string[] };

/** The organization's OIDC connection for an e-mail at one of its verified domains. */
async function connectionForEmail(deps: AppDeps, email: string): Promise<ConnectionRow> {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  const row = domain
    ? await deps.db
        .selectFrom('organization_domains')
        .innerJoin(
          'sso_connections',
          'sso_connections.organization_id',
          'organization_domains.organization_id',
        )
        .selectAll('sso_connections')
        .where('organization_domains.domain', '=', domain)
        .where('organization_domains.status', '=', 'verified')
        .where('sso_connections.type', '=', 'oidc')
        .orderBy('sso_connections.created_at')
        .orderBy('sso_connections.id')
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', SSO_TEXTS.notConfigured);
  return row;
}

/**
 * Starts a sign-in (or an admin's test) through `connection`: a fresh state, nonce and PKCE
 * verifier, stored with the hash of the browser cookie, and the identity provider's URL.
 */
export async function startAttempt(
  deps: AppDeps,
  req: Req,
  connection: ConnectionRow,
  purpose: 'sign_in' | 'test',
  options: { testerId?: number; loginHint?: string } = {},
): Promise<StartResult> {
  const browser = readSsoBrowserCookie(req.cookie) ?? generateToken(32);
  const start = newOidcStart();
  const now = deps.clock.now();
  const config = await oidcConfiguration(deps, connection);
  await deps.db
    .insertInto('sso_login_attempts')
    .values({
      connection_id: connection.id,
      state_hash: sha256Hex(start.state),
      browser_hash: sha256Hex(browser),
      purpose,
      tester_id: options.testerId ?? null,
      code_verifier_encrypted: encryptSecret(
        deps.config.appKey,
        start.codeVerifier,
        VERIFIER_PURPOSE,
      ),
      nonce: start.nonce,
      created_at: now,
      expires_at: new Date(now.getTime() + SSO_ATTEMPT_MINUTES * MINUTE),
    })
    .execute();
  const extra: Record<string, string> = {};
  if (options.loginHint) extra.login_hint = options.loginHint;
  if (purpose === 'test') extra.prompt = 'login';
  const redirectUrl = await oidcAuthorizationUrl(
    config,
    start,
    oidcRedirectUri(deps.config.appUrl),
    extra,
  );
  return {
    redirectUrl,
    setCookies: [ssoBrowserCookie(deps.config.appUrl, browser, SSO_ATTEMPT_MINUTES * 60)],
  };
}

/** POST /auth/sso/start { email } and GET /sso/start?email=. */
export async function startSsoForEmail(
  deps: AppDeps,
  req: Req,
  email: string,
): Promise<StartResult> {
  // Which domains use SSO is not to be listed by brute force: 20 starts a minute per address.
  await enforceRateLimit(
    deps.rateLimiter,
    `sso-start:${req.ip ?? 'unknown'}`,
    20,
    60,
    (seconds) => `Too many single sign-on attempts. Please try again in ${seconds} seconds.`,
  );
  const connection = await connectionForEmail(deps, email);
  return startAttempt(deps, req, connection, 'sign_in', { loginHint: email.trim() });
}

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

function stringClaim(claims: Record<string, unknown>, name: string): string {
  const value = claims[name];
  return typeof value === 'string' ? value : '';
}

/** The checks of the claims beyond the ID token's own (done by openid-client). */
async function checkClaims(
  deps: AppDeps,
  connection: ConnectionRow,
  claims: Record<string, unknown>,
): Promise<{ email: string; name: string; subject: string; groups: string[] }> {
  const email = stringClaim(claims, 'email').trim().toLowerCase();
  if (!email) throw new SsoRefusal(SSO_FAILURE_REASONS.emailMissing);
  if (claims.email_verified !== true)
    throw new SsoRefusal(SSO_FAILURE_REASONS.emailUnverified, email);
  const verified = await deps.db
    .selectFrom('organization_domains')
    .select('domain')
    .where('organization_id', '=', connection.organization_id)
    .where('status', '=', 'verified')
    .execute();
  const domains = verified.map((d) => d.domain);
  if (connection.preset === 'google') {
    const hd = stringClaim(claims, 'hd').toLowerCase();
    if (!domains.includes(hd)) throw new SsoRefusal(SSO_FAILURE_REASONS.hd(hd), email);
  }
  if (connection.preset === 'entra') {
    const tid = stringClaim(claims, 'tid').toLowerCase();
    if (!tid || tid !== connection.entra_tenant_id)
      throw new SsoRefusal(SSO_FAILURE_REASONS.tid(tid), email);
  }
  const domain = email.split('@')[1] ?? '';
  if (!domains.includes(domain))
    throw new SsoRefusal(SSO_FAILURE_REASONS.unknownUser(email), email);
  const groups = Array.isArray(claims.groups)
    ? claims.groups.filter((g): g is string => typeof g === 'string')
    : [];
  return {
    email,
    name: stringClaim(claims, 'name').trim() || email.split('@')[0]!,
    subject: stringClaim(claims, 'sub'),
    groups,
  };
}

const ROLE_RANK = { member: 0, billing: 1, admin: 2 } as const;

/** The connection's role for someone in `groups`: the strongest mapped group's, else the default. */
export function roleFor(
  connection: ConnectionRow,
  groups: string[],
): 'admin' | 'billing' | 'member' {
  let role: 'admin' | 'billing' | 'member' | null = null;
  for (const mapping of connection.group_mappings ?? []) {
    if (!groups.includes(mapping.group)) continue;
    if (!role || ROLE_RANK[mapping.role] > ROLE_RANK[role]) role = mapping.role;
  }
  return role ?? connection.default_role;
}

/**
 * Just-in-time membership: the account of this identity (linked before, or the one with this
 * e-mail, linked now, or a new one with a verified e-mail and no usable password) and its
 * membership of the connection's organization (added with the connection's role: never owner).
 */
async function provision(
  deps: AppDeps,
  req: Req,
  connection: ConnectionRow,
  person: { email: string; name: string; subject: string; groups: string[] },
): Promise<number> {
  const now = deps.clock.now();
  const unusablePassword = await hashPassword(randomBytes(32).toString('base64url'));
  return deps.db.transaction().execute(async (trx: Kysely<Database>) => {
    const linked = await trx
      .selectFrom('sso_identities')
      .select('user_id')
      .where('connection_id', '=', connection.id)
      .where('subject', '=', person.subject)
      .executeTakeFirst();
    let userId = linked?.user_id;
    if (!userId) {
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', person.email))
        .executeTakeFirst();
      userId = existing?.id;
      if (!userId) {
        const created = await trx
          .insertInto('users')
          .values({
            name: person.name.slice(0, 255),
            email: person.email,
            password_hash: unusablePassword,
            email_verified_at: now,
            phone: null,
            bio: null,
            location: null,
            website: null,
            avatar_path: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        userId = created.id;
        await recordActivity(
          deps,
          req,
          {
            userId,
            type: 'security',
            action: 'account.created_by_sso',
            description: `Account created by single sign-on through "${connection.display_name}"`,
          },
          trx,
        );
      } else {
        // Linking proves the address: the identity provider confirmed it.
        await trx
          .updateTable('users')
          .set({ email_verified_at: now })
          .where('id', '=', userId)
          .where('email_verified_at', 'is', null)
          .execute();
      }
      await trx
        .insertInto('sso_identities')
        .values({
          connection_id: connection.id,
          subject: person.subject,
          user_id: userId,
          created_at: now,
        })
        .execute();
      await recordActivity(
        deps,
        req,
        {
          userId,
          type: 'security',
          action: 'sso.linked',
          description: `Linked to the single sign-on connection "${connection.display_name}"`,
        },
        trx,
      );
    }
    await trx
      .updateTable('sso_identities')
      .set({ last_sign_in_at: now })
      .where('connection_id', '=', connection.id)
      .where('subject', '=', person.subject)
      .execute();
    const member = await trx
      .selectFrom('organization_members')
      .select('role')
      .where('organization_id', '=', connection.organization_id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!member) {
      const role = roleFor(connection, person.groups);
      try {
        await trx
          .insertInto('organization_members')
          .values({
            organization_id: connection.organization_id,
            user_id: userId,
            role,
            joined_at: now,
          })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      await emitMemberEvent(trx, deps, connection.organization_id, userId, 'member.added');
      const org = await trx
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', connection.organization_id)
        .executeTakeFirstOrThrow();
      await recordActivity(
        deps,
        req,
        {
          userId,
          type: 'organization',
          action: 'member.joined',
          description: `Joined "${org.name}" as ${ROLE_LABELS[role]} through single sign-on`,
        },
        trx,
      );
    }
    return userId;
  });
}

/** openid-client's reason, with the underlying check's own ("…: unexpected JWT "iss" …"). */
function describeOidcError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error && cause.message !== error.message
    ? `${error.message}: ${cause.message}`
    : error.message;
}

export type CallbackResult = { location: string; setCookies: string[] };

/**
 * GET /api/v1/sso/oidc/callback: the identity provider's answer. Every refusal is recorded for the
 * organization's admins with its reason; the browser goes to /login with one clear message. A
 * test run records what was received on the connection and creates no session.
 */
export async function handleOidcCallback(
  deps: AppDeps,
  req: Req,
  query: Record<string, string | undefined>,
): Promise<CallbackResult> {
  const app = deps.config.appUrl.replace(/\/$/, '');
  const failedLocation = `${app}/login?sso_error=1`;
  const state = query.state ?? '';
  const now = deps.clock.now();
  const attempt = state
    ? await deps.db
        .selectFrom('sso_login_attempts')
        .selectAll()
        .where('state_hash', '=', sha256Hex(state))
        .executeTakeFirst()
    : undefined;
  const connection = attempt
    ? await deps.db
        .selectFrom('sso_connections')
        .selectAll()
        .where('id', '=', attempt.connection_id)
        .executeTakeFirst()
    : undefined;
  if (!attempt || !connection) {
    deps.logger.info('sso callback with an unknown state');
    return { location: failedLocation, setCookies: [] };
  }
  const organization = await deps.db
    .selectFrom('organizations')
    .select('uuid')
    .where('id', '=', connection.organization_id)
    .executeTakeFirstOrThrow();
  const testLocation = `${app}/dashboard/organizations/${organization.uuid}?tab=security&sso_test=${connection.uuid}`;
  const refuse = async (
    reason: string,
    email: string | null,
    received: Record<string, unknown> | null = null,
  ): Promise<CallbackResult> => {
    await recordFailure(deps, connection, reason, email);
    if (attempt.purpose === 'test') {
      await deps.db
        .updateTable('sso_connections')
        .set({
          last_test: JSON.stringify({
            ok: false,
            at: now.toISOString(),
            claims: received,
            error: reason,
          }),
        })
        .where('id', '=', connection.id)
        .execute();
      return { location: testLocation, setCookies: [] };
    }
    return { location: failedLocation, setCookies: [] };
  };

  const browser = readSsoBrowserCookie(req.cookie);
  if (!browser || sha256Hex(browser) !== attempt.browser_hash)
    return refuse(SSO_FAILURE_REASONS.state, null);
  const claimed = await deps.db
    .updateTable('sso_login_attempts')
    .set({ used_at: now })
    .where('id', '=', attempt.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return refuse(SSO_FAILURE_REASONS.state, null);
  if (query.error) {
    const detail = [query.error, query.error_description].filter(Boolean).join(': ');
    return refuse(SSO_FAILURE_REASONS.providerError(detail.slice(0, 300)), null);
  }

  let person: Awaited<ReturnType<typeof checkClaims>>;
  let claims: Record<string, unknown>;
  try {
    const config = await oidcConfiguration(deps, connection);
    const callbackUrl = new URL(oidcRedirectUri(deps.config.appUrl));
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) callbackUrl.searchParams.set(key, value);
    }
    claims = await oidcExchange(config, callbackUrl, {
      state,
      nonce: attempt.nonce ?? '',
      codeVerifier: decryptSecret(
        deps.config.appKey,
        attempt.code_verifier_encrypted ?? '',
        VERIFIER_PURPOSE,
      ),
    });
  } catch (error) {
    return refuse(SSO_FAILURE_REASONS.tokenRejected(describeOidcError(error)), null);
  }
  try {
    person = await checkClaims(deps, connection, claims);
  } catch (error) {
    if (error instanceof SsoRefusal) return refuse(error.reason, error.email, claims);
    throw error;
  }

  if (attempt.purpose === 'test') {
    await deps.db
      .updateTable('sso_connections')
      .set({
        tested_at: now,
        last_test: JSON.stringify({ ok: true, at: now.toISOString(), claims, error: null }),
      })
      .where('id', '=', connection.id)
      .execute();
    return { location: testLocation, setCookies: [] };
  }

  const userId = await provision(deps, req, connection, person);
  const code = generateToken(32);
  await deps.db
    .updateTable('sso_login_attempts')
    .set({
      completion_hash: sha256Hex(code),
      completion_user_id: userId,
      completion_expires_at: new Date(now.getTime() + SSO_COMPLETION_SECONDS * 1000),
    })
    .where('id', '=', attempt.id)
    .execute();
  return { location: `${app}/login/sso?code=${encodeURIComponent(code)}`, setCookies: [] };
}

/**
 * POST /auth/sso/complete { code }: the web app, in the browser that started the sign-in,
 * exchanges the one-time code for a session like any other sign-in's.
 */
export async function completeSsoSignIn(deps: AppDeps, req: Req, code: string) {
  const now = deps.clock.now();
  const browser = readSsoBrowserCookie(req.cookie);
  const attempt = await deps.db
    .selectFrom('sso_login_attempts')
    .innerJoin('sso_connections', 'sso_connections.id', 'sso_login_attempts.connection_id')
    .select([
      'sso_login_attempts.id',
      'sso_login_attempts.browser_hash',
      'sso_login_attempts.completion_user_id',
      'sso_connections.display_name',
    ])
    .where('sso_login_attempts.completion_hash', '=', sha256Hex(code))
    .where('sso_login_attempts.completed_at', 'is', null)
    .where('sso_login_attempts.completion_expires_at', '>', now)
    .executeTakeFirst();
  if (
    !attempt ||
    !attempt.completion_user_id ||
    !browser ||
    sha256Hex(browser) !== attempt.browser_hash
  )
    throw new AppError('UNAUTHENTICATED', SSO_TEXTS.completeInvalid);
  const done = await deps.db
    .updateTable('sso_login_attempts')
    .set({ completed_at: now })
    .where('id', '=', attempt.id)
    .where('completed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!done) throw new AppError('UNAUTHENTICATED', SSO_TEXTS.completeInvalid);
  const user = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', attempt.completion_user_id)
    .executeTakeFirstOrThrow();
  const { token, session } = await createSession(deps, user.id, {
    ip: req.ip,
    userAgent: req.userAgent,
  });
  await deps.db
    .insertInto('session_sign_in_methods')
    .values({ session_id: session.id, method: `SSO — ${attempt.display_name}` })
    .execute();
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'login',
    action: 'login.success',
    description: `Signed in with single sign-on (${attempt.display_name})`,
  });
  return {
    user,
    token,
    setCookies: [ssoBrowserCookie(deps.config.appUrl, '', 0)],
  };
}
