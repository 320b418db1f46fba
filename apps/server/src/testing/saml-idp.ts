import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML 2.0 identity provider for tests (no network): a throwaway RSA key and self-signed
 * certificate (node-forge), its metadata, and responses to SCMP's AuthnRequests signed with
 * `xml-crypto` — the assertion, the response, or neither — with every field overridable so the
 * refusal table can forge the bad cases (altered after signing, wrapped, wrong audience, …).
 * `serve()` puts it on loopback for the browser: GET /sso answers SCMP's redirect with a page
 * that posts the signed response to the ACS URL, as a real IdP does.
 */
export type SamlAccount = { email: string; name?: string; groups?: string[] };

export type SamlRequestInfo = { id: string; acsUrl: string; issuer: string };

export type SamlResponseOptions = {
  request: SamlRequestInfo;
  account: SamlAccount;
  /** null: no InResponseTo (unsolicited). */
  inResponseTo?: string | null;
  /** The assertion's own (SubjectConfirmationData) InResponseTo, when not the same. */
  subjectInResponseTo?: string | null;
  audience?: string;
  destination?: string;
  recipient?: string;
  issuer?: string;
  assertionId?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  sign?: 'assertion' | 'response' | 'none';
  /** Changes the XML after it was signed. */
  alter?: (xml: string) => string;
};

export type TestSamlIdp = {
  entityId: string;
  ssoUrl: string;
  metadataXml: string;
  certificateBase64: string;
  /** The AuthnRequest of SCMP's redirect URL (HTTP-Redirect binding). */
  readRequest: (redirectUrl: string) => SamlRequestInfo;
  /** A SAMLResponse (base64) answering `request`. */
  respond: (options: SamlResponseOptions) => string;
};

const MINUTE = 60_000;
const DSIG_ALGORITHMS = {
  signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
} as const;

function selfSigned(commonName: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  cert.serialNumber = `1${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 60 * MINUTE);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 60 * MINUTE);
  const subject = [{ name: 'commonName', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return { keyPem, certPem: forge.pki.certificateToPem(cert), base64: forge.util.encode64(der) };
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function sign(xml: string, keyPem: string, certPem: string, element: 'Assertion' | 'Response') {
  const signer = new SignedXml({ privateKey: keyPem, publicCert: certPem, ...DSIG_ALGORITHMS });
  signer.addReference({
    xpath: `//*[local-name(.)='${element}']`,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, {
    location: {
      reference: `//*[local-name(.)='${element}']/*[local-name(.)='Issuer']`,
      action: 'after',
    },
  });
  return signer.getSignedXml();
}

export function createTestSamlIdp(baseUrl = 'https://idp.test.invalid'): TestSamlIdp {
  const keys = selfSigned('SCMP Test SAML IdP');
  const entityId = `${baseUrl}/metadata`;
  const ssoUrl = `${baseUrl}/sso`;
  const metadataXml = `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
        <ds:X509Data><ds:X509Certificate>${keys.base64}</ds:X509Certificate></ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  const readRequest = (redirectUrl: string): SamlRequestInfo => {
    const encoded = new URL(redirectUrl).searchParams.get('SAMLRequest') ?? '';
    const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
    const issuer = /<saml:Issuer[^>]*>([^<]*)<\/saml:Issuer>/.exec(xml)?.[1] ?? '';
    return { id: attr('ID'), acsUrl: attr('AssertionConsumerServiceURL'), issuer };
  };

  const respond = (o: SamlResponseOptions): string => {
    const now = new Date();
    const notBefore = o.notBefore ?? new Date(now.getTime() - MINUTE);
    const notOnOrAfter = o.notOnOrAfter ?? new Date(now.getTime() + 5 * MINUTE);
    const inResponseTo = o.inResponseTo === undefined ? o.request.id : o.inResponseTo;
    const irt = inResponseTo === null ? '' : ` InResponseTo="${escapeXml(inResponseTo)}"`;
    const subjectIrt =
      o.subjectInResponseTo === undefined
        ? irt
        : o.subjectInResponseTo === null
          ? ''
          : ` InResponseTo="${escapeXml(o.subjectInResponseTo)}"`;
    const issuer = escapeXml(o.issuer ?? entityId);
    const assertionId = o.assertionId ?? `_a${randomBytes(16).toString('hex')}`;
    const attributes: Array<[string, string[]]> = [
      ['email', [o.account.email]],
      ...(o.account.name ? ([['displayName', [o.account.name]]] as Array<[string, string[]]>) : []),
      ...(o.account.groups ? ([['groups', o.account.groups]] as Array<[string, string[]]>) : []),
    ];
    const attributeXml = attributes
      .map(
        ([name, values]) =>
          `<saml:Attribute Name="${name}">${values
            .map((v) => `<saml:AttributeValue>${escapeXml(v)}</saml:AttributeValue>`)
            .join('')}</saml:Attribute>`,
      )
      .join('');
    const assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${now.toISOString()}">` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(o.account.email)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${subjectIrt} NotOnOrAfter="${notOnOrAfter.toISOString()}" Recipient="${escapeXml(o.recipient ?? o.request.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${notBefore.toISOString()}" NotOnOrAfter="${notOnOrAfter.toISOString()}"><saml:AudienceRestriction><saml:Audience>${escapeXml(o.audience ?? o.request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>${attributeXml}</saml:AttributeStatement>` +
      `</saml:Assertion>`;
    const mode = o.sign ?? 'assertion';
    const signedAssertion =
      mode === 'assertion' ? sign(assertion, keys.keyPem, keys.certPem, 'Assertion') : assertion;
    let response =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${escapeXml(o.destination ?? o.request.acsUrl)}"${irt}>` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      signedAssertion +
      `</samlp:Response>`;
    if (mode === 'response') response = sign(response, keys.keyPem, keys.certPem, 'Response');
    if (o.alter) response = o.alter(response);
    return Buffer.from(response, 'utf8').toString('base64');
  };

  return {
    entityId,
    ssoUrl,
    metadataXml,
    certificateBase64: keys.base64,
    readRequest,
    respond,
  };
}

export type ServedSamlIdp = TestSamlIdp & {
  /** The account the next sign-in at the IdP is answered for. */
  loginAs: (account: SamlAccount) => void;
  close: () => Promise<void>;
};

/**
 * The IdP on loopback for the browser: GET /sso?SAMLRequest=… answers with a page whose form
 * posts the signed response to the request's ACS URL (submitted at once by a script; the button
 * is there for a person).
 */
export async function serveTestSamlIdp(port = 0): Promise<ServedSamlIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp = createTestSamlIdp(base);
  let account: SamlAccount | null = null;
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      res.end(idp.metadataXml);
      return;
    }
    if (url.pathname !== '/sso' || !account) {
      res.writeHead(404).end('not found');
      return;
    }
    const request = idp.readRequest(url.href);
    const response = idp.respond({ request, account });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Test SAML IdP</title></head><body>
<h1>Test SAML IdP</h1><p>Signing in as ${escapeXml(account.email)}</p>
<form method="post" action="${escapeXml(request.acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${response}">
<button type="submit">Continue</button></form>
<script>document.forms[0].submit()</script></body></html>`);
  });
  return {
    ...idp,
    loginAs: (next) => {
      account = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
