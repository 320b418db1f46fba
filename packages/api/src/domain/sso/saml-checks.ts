import type { Profile } from '@node-saml/node-saml';
import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml';
import type { AppDeps } from '../../core/app-deps';
import { SSO_CLOCK_SKEW_SECONDS } from '../../contracts/sso';
import { SAML_FAILURE_REASONS } from '../../contracts/sso-saml';
import type { ConnectionRow } from './oidc-client';
import { spUrls } from './saml-sp';
import { SsoRefusal } from './sign-in-claims';
import { DAY_MS } from '../../core/durations';

type XmlJs = Record<string, unknown> & { $?: Record<string, string>; _?: string };

function first(value: unknown): XmlJs | undefined {
  return Array.isArray(value) ? (value[0] as XmlJs | undefined) : undefined;
}

/**
 * The checks node-saml leaves to its caller, on the signed assertion it returns: the Issuer is the
 * IdP of the metadata, every SubjectConfirmationData's Recipient and the Response's Destination
 * (when present) are this connection's ACS URL, and its InResponseTo is the request answered. Returns the assertion's ID and when it expires.
 */
export async function checkAddressing(
  deps: Pick<AppDeps, 'config'>,
  connection: ConnectionRow,
  profile: Profile,
  requestId: string,
): Promise<{ assertionId: string; expiresAt: Date }> {
  const acs = spUrls(deps, connection.uuid).acs_url;
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlJs } | undefined)?.Assertion;
  if (!assertion) throw new SsoRefusal(SAML_FAILURE_REASONS.rejected('no signed assertion'));
  if ((profile.issuer ?? '') !== connection.saml_idp_entity_id)
    throw new SsoRefusal(SAML_FAILURE_REASONS.issuer(profile.issuer ?? ''));
  const responseXml = profile.getSamlResponseXml?.() ?? '';
  const doc = await parseDomFromString(responseXml);
  const destination = xpath.selectAttributes(doc, "/*[local-name()='Response']/@Destination")[0];
  if (destination && destination.value !== acs)
    throw new SsoRefusal(SAML_FAILURE_REASONS.destination(destination.value));
  const confirmations = (first(assertion.Subject)?.SubjectConfirmation as XmlJs[]) ?? [];
  const recipients = confirmations.map((c) => first(c.SubjectConfirmationData)?.$?.Recipient ?? '');
  const wrong = recipients.find((r) => r !== acs);
  if (recipients.length === 0 || wrong !== undefined)
    throw new SsoRefusal(SAML_FAILURE_REASONS.recipient(wrong ?? ''));
  // The signed answer itself names the request (the Response's InResponseTo may be unsigned).
  const answered = confirmations.map((c) => first(c.SubjectConfirmationData)?.$?.InResponseTo);
  if (answered.some((value) => value !== requestId))
    throw new SsoRefusal(SAML_FAILURE_REASONS.notSolicited);
  const assertionId = assertion.$?.ID ?? '';
  if (!assertionId) throw new SsoRefusal(SAML_FAILURE_REASONS.rejected('the assertion has no ID'));
  const until = first(assertion.Conditions)?.$?.NotOnOrAfter;
  const untilMs = until ? Date.parse(until) : NaN;
  const expiresAt = new Date(
    (Number.isFinite(untilMs) ? untilMs : Date.now() + DAY_MS) + SSO_CLOCK_SKEW_SECONDS * 1000,
  );
  return { assertionId: assertionId.slice(0, 200), expiresAt };
}
