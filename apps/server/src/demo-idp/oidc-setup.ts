import { generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { ClientMetadata } from 'oidc-provider';

/**
 * What the demo identity provider and the tests' OpenID provider (src/testing/oidc-provider.ts)
 * set up alike on `oidc-provider`: a fresh signing key, one confidential client using the
 * authorization code flow, and interactions answered at once (login as the chosen account, then
 * consent to what the client asks). Types only from `oidc-provider`: the demo loads it lazily.
 */

/** A fresh RS256 signing key as a private JWK (with `d`). */
export function rsaSigningJwk(kid: string): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
}

/** A confidential client of the authorization code flow, sending its secret in the POST body. */
export function confidentialClient(client: {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  client_name?: string;
}): ClientMetadata {
  return {
    ...client,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  };
}

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Ends the login prompt signed in as `accountId`. */
export async function finishLogin(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  accountId: string,
): Promise<void> {
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId } },
    { mergeWithLastSubmission: false },
  );
}

/** Ends the consent prompt granting at once the scopes the client asked for. */
export async function grantConsent(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  details: Details,
): Promise<void> {
  const grant = new provider.Grant({
    accountId: details.session!.accountId,
    clientId: String(details.params.client_id),
  });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}

/**
 * `findAccount` over the claims each subject's ID token carries besides `sub` (`claimsOf`
 * answers undefined for a subject it does not know).
 */
export function findAccountBy(claimsOf: (sub: string) => Record<string, unknown> | undefined) {
  return (_ctx: unknown, sub: string) => {
    const claims = claimsOf(sub);
    return claims && { accountId: sub, claims: () => ({ sub, ...claims }) };
  };
}
