import { X509Certificate } from 'node:crypto';
import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml';
import type { AppDeps } from '../../core/app-deps';
import {
  SAML_METADATA_FETCH_SECONDS,
  SAML_METADATA_MAX_BYTES,
  SAML_TEXTS,
} from '../../contracts/sso-saml';
import { AppError } from '../../core/errors';
import type { ConnectionRow } from './oidc-client';

/**
 * The identity provider's SAML metadata, read when a connection is saved (pasted, or fetched
 * server-side from its URL with a timeout and a size cap): its entity ID, its single sign-on URL
 * (HTTP-Redirect binding, where SCMP sends the AuthnRequest) and its signing certificates. The
 * XML is parsed by node-saml's own parser (no hand-written XML or signature code here).
 */
export type IdpMetadata = { entityId: string; ssoUrl: string; certificates: string[] };

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { errors: { [field]: [message] } });
}

/** https:// (or, outside production, http:// on loopback). */
function allowedUrl(deps: Pick<AppDeps, 'config'>, raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const loopbackHttp =
    url.protocol === 'http:' && LOOPBACK.has(url.hostname) && deps.config.appEnv !== 'production';
  if ((url.protocol !== 'https:' && !loopbackHttp) || url.username || url.password) return null;
  return url;
}

/** Parses IdP metadata; throws an Error whose message says what is missing. */
export async function parseIdpMetadata(
  deps: Pick<AppDeps, 'config'>,
  xml: string,
): Promise<IdpMetadata> {
  let doc: Document;
  try {
    doc = await parseDomFromString(xml);
  } catch {
    throw new Error('the XML cannot be read');
  }
  const descriptors = xpath.selectElements(
    doc,
    "//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]",
  );
  const entity = descriptors[0];
  if (!entity) throw new Error('no EntityDescriptor with an IDPSSODescriptor');
  const entityId = entity.getAttribute('entityID')?.trim() ?? '';
  if (!entityId) throw new Error('the EntityDescriptor has no entityID');
  const idp = xpath.selectElements(entity, "./*[local-name()='IDPSSODescriptor']")[0]!;
  const services = xpath.selectElements(idp, "./*[local-name()='SingleSignOnService']");
  const redirect = services.find((s) => s.getAttribute('Binding') === REDIRECT_BINDING);
  const ssoUrl = redirect?.getAttribute('Location')?.trim() ?? '';
  if (!ssoUrl) throw new Error('no SingleSignOnService with the HTTP-Redirect binding');
  if (!allowedUrl(deps, ssoUrl))
    throw new Error(`the single sign-on URL ${ssoUrl.slice(0, 200)} is not https://`);
  const certificates: string[] = [];
  for (const key of xpath.selectElements(idp, "./*[local-name()='KeyDescriptor']")) {
    const use = key.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const node of xpath.selectElements(key, ".//*[local-name()='X509Certificate']")) {
      const b64 = (node.textContent ?? '').replace(/\s+/g, '');
      try {
        new X509Certificate(Buffer.from(b64, 'base64'));
      } catch {
        throw new Error('a signing certificate cannot be read');
      }
      if (!certificates.includes(b64)) certificates.push(b64);
    }
  }
  if (certificates.length === 0) throw new Error('no signing certificate (KeyDescriptor)');
  return { entityId: entityId.slice(0, 500), ssoUrl, certificates };
}

/** Reads the metadata at `url` (no redirects, a timeout, at most SAML_METADATA_MAX_BYTES). */
async function fetchMetadata(url: URL): Promise<string> {
  const res = await fetch(url, {
    redirect: 'error',
    signal: AbortSignal.timeout(SAML_METADATA_FETCH_SECONDS * 1000),
    headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
  });
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > SAML_METADATA_MAX_BYTES) {
      await reader.cancel();
      throw new Error('the document is larger than 512 KB');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export type SamlInput = { idp_metadata_xml?: string | null; idp_metadata_url?: string | null };
export type SamlColumns = {
  saml_idp_metadata_xml: string;
  saml_idp_metadata_url: string | null;
  saml_idp_entity_id: string;
  saml_idp_sso_url: string;
  /** JSON of the base64 certificates. */
  saml_idp_certificates: string;
};

/** The SAML fields after a create or an edit: the metadata read and checked. */
export async function samlFields(
  deps: Pick<AppDeps, 'config'>,
  input: SamlInput,
  current: ConnectionRow | null,
): Promise<SamlColumns | null> {
  const xmlIn = input.idp_metadata_xml?.trim() || '';
  const urlIn = input.idp_metadata_url?.trim() || '';
  if (current && !xmlIn && !urlIn) return null;
  if (!xmlIn && !urlIn) throw invalid('idp_metadata_xml', SAML_TEXTS.metadataRequired);
  if (xmlIn && urlIn) throw invalid('idp_metadata_url', SAML_TEXTS.metadataBoth);
  let xml = xmlIn;
  let field = 'idp_metadata_xml';
  if (urlIn) {
    field = 'idp_metadata_url';
    const url = allowedUrl(deps, urlIn);
    if (!url || url.hash) throw invalid(field, SAML_TEXTS.metadataUrlHttps);
    try {
      xml = await fetchMetadata(url);
    } catch (error) {
      const why = error instanceof Error ? error.message : 'no answer';
      throw invalid(field, SAML_TEXTS.metadataFetchFailed(url.href, why.slice(0, 200)));
    }
  }
  if (Buffer.byteLength(xml) > SAML_METADATA_MAX_BYTES)
    throw invalid(field, SAML_TEXTS.metadataTooLarge);
  let parsed: IdpMetadata;
  try {
    parsed = await parseIdpMetadata(deps, xml);
  } catch (error) {
    const why = error instanceof Error ? error.message : 'unreadable';
    throw invalid(field, SAML_TEXTS.metadataInvalid(why));
  }
  return {
    saml_idp_metadata_xml: xml,
    saml_idp_metadata_url: urlIn || null,
    saml_idp_entity_id: parsed.entityId,
    saml_idp_sso_url: parsed.ssoUrl,
    saml_idp_certificates: JSON.stringify(parsed.certificates),
  };
}
