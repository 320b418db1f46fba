import type { CacheProvider, Profile } from '@node-saml/node-saml';
import type { AppDeps } from '../../core/app-deps';
import { SAML_FAILURE_REASONS } from '../../contracts/sso-saml';
import { sha256Hex } from '../../core/tokens';
import { checkAddressing } from './saml-checks';
import { personClaims, receivedAttributes } from './saml-claims';
import { acceptOnce } from './saml-replay';
import { findSamlConnection, readSamlBrowser, samlFor } from './saml-sp';
import { checkClaims, SsoRefusal } from './sign-in-claims';
import { signInOutcome, unknownAnswer, type CallbackResult } from './sign-in-outcome';
import type { Req } from './sign-in-start';
import { takeAttemptStep } from './attempt-steps';

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
  const now = deps.clock.now();
  const connection = await findSamlConnection(deps, connectionUuid);
  if (!connection) return unknownAnswer(deps, 'saml response for an unknown connection');
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

  const outcome = signInOutcome(deps, req, connection, now);
  const purpose = () => (matched ?? candidates[0])?.purpose ?? 'sign_in';
  const refuse = async (
    reason: string,
    email: string | null,
    received: Record<string, unknown> | null = null,
  ): Promise<CallbackResult> => {
    // The request answered (even badly) cannot be answered again.
    if (matched) await takeAttemptStep(deps, matched.id, 'used_at', now);
    return outcome.refuse(purpose(), reason, email, received);
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
    if (!(await takeAttemptStep(deps, matched.id, 'used_at', now)))
      throw new SsoRefusal(SAML_FAILURE_REASONS.notSolicited);
    person = await checkClaims(deps, connection, claims);
  } catch (error) {
    if (error instanceof SsoRefusal) return refuse(error.reason, error.email ?? email, received);
    throw error;
  }
  return outcome.accept(matched.purpose, matched.id, person, received);
}
