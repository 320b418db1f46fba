import type { CacheProvider, Profile } from '@node-saml/node-saml';
import type { AppDeps } from '../../core/app-deps';
import { SSO_COMPLETION_SECONDS } from '../../contracts/sso';
import { SAML_FAILURE_REASONS } from '../../contracts/sso-saml';
import { generateToken, sha256Hex } from '../../core/tokens';
import { isUuid } from '../../core/uuid';
import { recordFailure, type CallbackResult } from './oidc-callback';
import { checkAddressing } from './saml-checks';
import { personClaims, receivedAttributes } from './saml-claims';
import { acceptOnce } from './saml-replay';
import { readSamlBrowser, samlFor } from './saml-sp';
import { checkClaims, SsoRefusal } from './sign-in-claims';
import { provision } from './sign-in-provision';
import type { Req } from './sign-in-start';

/**
 * POST /api/v1/sso/saml/{uuid}/acs: the identity provider's response, checked by node-saml
 * (signature by a certificate of the IdP's metadata over the Response or the Assertion, one
 * assertion only, Audience, NotBefore/NotOnOrAfter with 2 minutes of skew, InResponseTo one of
 * the requests this browser started for this connection) and here (Issuer, Destination,
 * Recipient, replay). Then the same path as OIDC: refusals recorded for the admins with the
 * reason, the person sent to /login with one message; a test records what was received.
 */
export async function handleSamlAcs(
  deps: AppDeps,
  req: Req,
  connectionUuid: string,
  body: { SAMLResponse?: string },
): Promise<CallbackResult> {
  const app = deps.config.appUrl.replace(/\/$/, '');
  const failedLocation = `${app}/login?sso_error=1`;
  const now = deps.clock.now();
  const connection = isUuid(connectionUuid)
    ? await deps.db
        .selectFrom('sso_connections')
        .selectAll()
        .where('uuid', '=', connectionUuid)
        .where('type', '=', 'saml')
        .executeTakeFirst()
    : undefined;
  if (!connection) {
    deps.logger.info('saml response for an unknown connection');
    return { location: failedLocation, setCookies: [] };
  }
  const browser = readSamlBrowser(req.cookie);
  const candidates = browser
    ? await deps.db
        .selectFrom('sso_login_attempts')
        .select(['id', 'purpose', 'saml_request_id'])
        .where('connection_id', '=', connection.id)
        .where('browser_hash', '=', sha256Hex(browser))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('saml_request_id', 'is not', null)
        .orderBy('id', 'desc')
        .limit(20)
        .execute()
    : [];
  let matched: (typeof candidates)[number] | undefined;
  const byRequest = (key: string | null) => candidates.find((c) => c.saml_request_id === key);
  const cacheProvider: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (key) => {
      const hit = byRequest(key);
      if (!hit) return null;
      matched = hit;
      return new Date().toISOString();
    },
    removeAsync: async (key) => {
      const hit = byRequest(key);
      if (hit) matched = hit;
      return key;
    },
  };

  const organization = await deps.db
    .selectFrom('organizations')
    .select('uuid')
    .where('id', '=', connection.organization_id)
    .executeTakeFirstOrThrow();
  const testLocation = `${app}/dashboard/organizations/${organization.uuid}?tab=security&sso_test=${connection.uuid}`;
  const purpose = () => (matched ?? candidates[0])?.purpose ?? 'sign_in';
  const refuse = async (
    reason: string,
    email: string | null,
    received: Record<string, unknown> | null = null,
  ): Promise<CallbackResult> => {
    // The request answered (even badly) cannot be answered again.
    if (matched)
      await deps.db
        .updateTable('sso_login_attempts')
        .set({ used_at: now })
        .where('id', '=', matched.id)
        .where('used_at', 'is', null)
        .execute();
    await recordFailure(deps, connection, reason, email);
    if (purpose() === 'test') {
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

  const samlResponse = typeof body.SAMLResponse === 'string' ? body.SAMLResponse : '';
  if (!samlResponse) return refuse(SAML_FAILURE_REASONS.rejected('no SAMLResponse'), null);
  if (!connection.saml_idp_certificates?.length || !connection.saml_idp_entity_id)
    return refuse(SAML_FAILURE_REASONS.noMetadata, null);

  let profile: Profile | null;
  try {
    const saml = samlFor(deps, connection, { cacheProvider });
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    const why = error instanceof Error ? error.message : 'unreadable';
    if (/InResponseTo/i.test(why)) return refuse(SAML_FAILURE_REASONS.notSolicited, null);
    if (/not yet valid|expired|no valid subject confirmation/i.test(why))
      return refuse(SAML_FAILURE_REASONS.timing, null);
    return refuse(SAML_FAILURE_REASONS.rejected(why.slice(0, 300)), null);
  }
  if (!profile) return refuse(SAML_FAILURE_REASONS.rejected('no assertion'), null);
  if (!matched || profile.inResponseTo !== matched.saml_request_id)
    return refuse(SAML_FAILURE_REASONS.notSolicited, null);
  const received = receivedAttributes(profile);
  const claims = personClaims(profile);
  const email = typeof claims.email === 'string' && claims.email ? claims.email : null;
  let person: Awaited<ReturnType<typeof checkClaims>>;
  try {
    const { assertionId, expiresAt } = await checkAddressing(
      deps,
      connection,
      profile,
      matched.saml_request_id ?? '',
    );
    await acceptOnce(deps, connection, assertionId, expiresAt);
    const claimed = await deps.db
      .updateTable('sso_login_attempts')
      .set({ used_at: now })
      .where('id', '=', matched.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new SsoRefusal(SAML_FAILURE_REASONS.notSolicited);
    person = await checkClaims(deps, connection, claims);
  } catch (error) {
    if (error instanceof SsoRefusal) return refuse(error.reason, error.email ?? email, received);
    throw error;
  }

  if (matched.purpose === 'test') {
    await deps.db
      .updateTable('sso_connections')
      .set({
        tested_at: now,
        last_test: JSON.stringify({
          ok: true,
          at: now.toISOString(),
          claims: received,
          error: null,
        }),
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
    .where('id', '=', matched.id)
    .execute();
  return { location: `${app}/login/sso?code=${encodeURIComponent(code)}`, setCookies: [] };
}
