import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';
import type { AppDeps } from '../../core/app-deps';
import { SSO_ATTEMPT_MINUTES, SSO_CLOCK_SKEW_SECONDS } from '../../contracts/sso';
import { SAML_NAMEID_EMAIL, samlServiceProviderUrls } from '../../contracts/sso-saml';
import { generateToken, sha256Hex } from '../../core/tokens';
import { isUuid } from '../../core/uuid';
import { readCookie } from '../../core/cookies';
import { isBrowserValue, readSsoBrowserCookie, ssoBrowserCookie } from './cookie';
import type { ClientInfo } from '../../core/client-info';
import type { ConnectionRow } from './oidc-client';
import { MINUTE_MS } from '../../core/durations';

type Req = ClientInfo & { cookie?: string | undefined };
type StartResult = { redirectUrl: string; setCookies: string[] };

/**
 * SCMP as a SAML 2.0 service provider, all through `@node-saml/node-saml`: the AuthnRequest
 * (HTTP-Redirect binding), the SP metadata, and (saml-acs.ts) the response's checks. One SAML
 * instance per use, configured from the connection: SCMP's entity ID and ACS URL for that
 * connection, the IdP's certificates from its metadata, InResponseTo always required.
 */

/**
 * The identity provider posts its response from its own site: a SameSite=Lax cookie is not sent
 * with that cross-site POST, so the browser binding is also carried by a SameSite=None; Secure
 * cookie limited to the SAML paths (browsers accept Secure cookies from http://localhost too).
 */
export const SAML_POST_COOKIE = 'scmp_sso_post';

export function samlPostCookie(value: string, maxAgeSeconds: number): string {
  return `${SAML_POST_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/api/v1/sso/saml; HttpOnly; SameSite=None; Secure`;
}

/** The browser value from the SAML cookie, else the ordinary SSO cookie. */
export function readSamlBrowser(header: string | undefined): string | undefined {
  return readCookie(header, SAML_POST_COOKIE, isBrowserValue) ?? readSsoBrowserCookie(header);
}

export function spUrls(deps: Pick<AppDeps, 'config'>, connectionUuid: string) {
  return samlServiceProviderUrls(deps.config.appUrl, connectionUuid);
}

function pem(b64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${b64.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----`;
}

/** A cache provider that answers nothing: each use passes its own (start, ACS). */
const NO_CACHE: CacheProvider = {
  saveAsync: async () => null,
  getAsync: async () => null,
  removeAsync: async () => null,
};

export function samlFor(
  deps: Pick<AppDeps, 'config'>,
  connection: ConnectionRow,
  options: { cacheProvider?: CacheProvider; forceAuthn?: boolean; requestId?: string } = {},
): SAML {
  const sp = spUrls(deps, connection.uuid);
  const certificates = (connection.saml_idp_certificates ?? []).map(pem);
  return new SAML({
    issuer: sp.entity_id,
    callbackUrl: sp.acs_url,
    audience: sp.entity_id,
    entryPoint: connection.saml_idp_sso_url ?? undefined,
    idpCert: certificates.length > 0 ? certificates : 'MISSING',
    identifierFormat: SAML_NAMEID_EMAIL,
    // The Response or the Assertion must be signed (node-saml requires the assertion's
    // signature when the response's is missing or invalid, and refuses two assertions).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SSO_ATTEMPT_MINUTES * MINUTE_MS,
    acceptedClockSkewMs: SSO_CLOCK_SKEW_SECONDS * 1000,
    disableRequestedAuthnContext: true,
    forceAuthn: options.forceAuthn ?? false,
    cacheProvider: options.cacheProvider ?? NO_CACHE,
    generateUniqueId: () => options.requestId ?? `_${randomBytes(20).toString('hex')}`,
  });
}

/** The SAML connection with this uuid (the metadata and ACS URLs name it), if any. */
export async function findSamlConnection(
  deps: Pick<AppDeps, 'db'>,
  connectionUuid: string,
): Promise<ConnectionRow | undefined> {
  if (!isUuid(connectionUuid)) return undefined;
  return deps.db
    .selectFrom('sso_connections')
    .selectAll()
    .where('uuid', '=', connectionUuid)
    .where('type', '=', 'saml')
    .executeTakeFirst();
}

/** GET /api/v1/sso/saml/{uuid}/metadata: SCMP's service-provider metadata for that connection. */
export async function samlServiceProviderMetadata(
  deps: AppDeps,
  connectionUuid: string,
): Promise<string | null> {
  const connection = await findSamlConnection(deps, connectionUuid);
  if (!connection) return null;
  const sp = spUrls(deps, connection.uuid);
  const saml = new SAML({
    issuer: sp.entity_id,
    callbackUrl: sp.acs_url,
    idpCert: 'UNUSED',
    identifierFormat: SAML_NAMEID_EMAIL,
    wantAssertionsSigned: true,
  });
  return saml.generateServiceProviderMetadata(null);
}

/**
 * Starts a SAML sign-in (or an admin's test): an AuthnRequest whose ID is stored with the hash of
 * the browser cookie (InResponseTo must later match it, from this browser), and the IdP's URL.
 */
export async function startSamlAttempt(
  deps: AppDeps,
  req: Req,
  connection: ConnectionRow,
  purpose: 'sign_in' | 'test',
  options: { testerId?: number } = {},
): Promise<StartResult> {
  const browser = readSsoBrowserCookie(req.cookie) ?? generateToken(32);
  const requestId = `_${randomBytes(20).toString('hex')}`;
  const now = deps.clock.now();
  const saml = samlFor(deps, connection, { requestId, forceAuthn: purpose === 'test' });
  const redirectUrl = await saml.getAuthorizeUrlAsync('', undefined, {});
  await deps.db
    .insertInto('sso_login_attempts')
    .values({
      connection_id: connection.id,
      state_hash: sha256Hex(requestId),
      browser_hash: sha256Hex(browser),
      purpose,
      tester_id: options.testerId ?? null,
      saml_request_id: requestId,
      created_at: now,
      expires_at: new Date(now.getTime() + SSO_ATTEMPT_MINUTES * MINUTE_MS),
    })
    .execute();
  const maxAge = SSO_ATTEMPT_MINUTES * 60;
  return {
    redirectUrl,
    setCookies: [
      ssoBrowserCookie(deps.config.appUrl, browser, maxAge),
      samlPostCookie(browser, maxAge),
    ],
  };
}
