import { describe, expect, it } from 'vitest';
import { SAML_TEXTS } from '@scmp/api/contracts/sso-saml';
import type { Json } from '../src/testing/harness';
import { serveTestSamlIdp } from '../src/testing/saml-idp';
import { connection, DOMAIN, h, idp, useSamlOrganization } from './sso/saml-fixtures';

/**
 * SAML 2.0 single sign-on (issue 37) against an in-process identity provider that signs its
 * responses with a throwaway certificate: connections from pasted IdP metadata (the values to
 * paste back: entity ID, ACS URL, metadata URL), SCMP's SP metadata, the SP-initiated sign-in
 * (AuthnRequest ID bound to the browser, InResponseTo required), just-in-time membership with the
 * default or a mapped group's role, linking an existing account, the admin's test run, and the
 * refusal table — each with the person's one message and the admins' Sign-in failures entry.
 */
const {
  asOwner,
  connectionTestRun,
  cookiesOf,
  firstSignIn,
  postAcs,
  roleOf,
  samlSignIn,
  startFor,
} = useSamlOrganization();

describe('SAML connections', () => {
  it('reads the IdP metadata and answers the values to paste; no certificate is returned', async () => {
    const base = `http://localhost:3000/api/v1/sso/saml/${connection.uuid}`;
    expect(connection).toMatchObject({
      type: 'saml',
      display_name: 'St John SAML',
      entity_id: `${base}/metadata`,
      acs_url: `${base}/acs`,
      metadata_url: `${base}/metadata`,
      idp_entity_id: idp.entityId,
      idp_sso_url: idp.ssoUrl,
      idp_metadata_url: null,
      redirect_uri: null,
      client_secret_set: false,
      default_role: 'member',
      tested_at: null,
    });
    const listed = await asOwner('GET');
    expect(listed.text).not.toContain(idp.certificateBase64.slice(0, 40));
    const row = await h.db
      .selectFrom('sso_connections')
      .select(['saml_idp_certificates', 'saml_idp_entity_id'])
      .where('uuid', '=', connection.uuid)
      .executeTakeFirstOrThrow();
    expect(row.saml_idp_certificates).toEqual([idp.certificateBase64]);
  });

  it('SCMP publishes its SP metadata: entity ID, ACS URL (HTTP-POST), NameID format e-mail', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/v1/sso/saml/${connection.uuid}/metadata`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    const base = `http://localhost:3000/api/v1/sso/saml/${connection.uuid}`;
    expect(res.body).toContain(`entityID="${base}/metadata"`);
    expect(res.body).toMatch(
      new RegExp(
        `<AssertionConsumerService[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"[^>]*Location="${base}/acs"`,
      ),
    );
    expect(res.body).toContain(
      '<NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</NameIDFormat>',
    );
    const unknown = await h.app.inject({
      method: 'GET',
      url: '/api/v1/sso/saml/00000000-0000-4000-8000-000000000000/metadata',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('reads the metadata from its URL (loopback http in local mode only), fetched server-side', async () => {
    const served = await serveTestSamlIdp();
    try {
      const url = served.ssoUrl.replace(/\/sso$/, '/metadata');
      const res = await asOwner('POST', '', {
        type: 'saml',
        display_name: 'By URL',
        idp_metadata_url: url,
      });
      if (h.config.appEnv === 'production') {
        expect(res.status).toBe(422);
        expect(res.body.errors.idp_metadata_url).toEqual([SAML_TEXTS.metadataUrlHttps]);
        return;
      }
      expect(res.status, res.text).toBe(201);
      expect(res.body.data).toMatchObject({
        idp_metadata_url: url,
        idp_entity_id: served.entityId,
        idp_sso_url: served.ssoUrl,
      });
      const removed = await asOwner('DELETE', `/${res.body.data.uuid}`);
      expect(removed.status).toBe(200);
    } finally {
      await served.close();
    }
  });

  it('refuses missing, unreadable and certificate-less metadata, and a non-loopback http URL', async () => {
    const post = (body: Json) => asOwner('POST', '', { type: 'saml', display_name: 'X', ...body });
    const none = await post({});
    expect(none.status).toBe(422);
    expect(none.body.errors.idp_metadata_xml).toEqual([SAML_TEXTS.metadataRequired]);
    const junk = await post({ idp_metadata_xml: '<not-metadata/>' });
    expect(junk.status).toBe(422);
    expect(junk.body.errors.idp_metadata_xml[0]).toMatch(/^This is not usable SAML identity/);
    const noCert = await post({
      idp_metadata_xml: idp.metadataXml.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, ''),
    });
    expect(noCert.status).toBe(422);
    expect(noCert.body.errors.idp_metadata_xml[0]).toMatch(/no signing certificate/);
    const http = await post({ idp_metadata_url: 'http://idp.example.com/metadata' });
    expect(http.status).toBe(422);
    expect(http.body.errors.idp_metadata_url).toEqual([SAML_TEXTS.metadataUrlHttps]);
    const down = await post({ idp_metadata_url: 'http://127.0.0.1:9/metadata' });
    expect(down.status).toBe(422);
    expect(down.body.errors.idp_metadata_url[0]).toMatch(
      h.config.appEnv === 'production'
        ? SAML_TEXTS.metadataUrlHttps
        : /^Could not read the SAML metadata/,
    );
    const both = await post({
      idp_metadata_xml: idp.metadataXml,
      idp_metadata_url: 'https://idp.example.com/metadata',
    });
    expect(both.status).toBe(422);
    expect(both.body.errors.idp_metadata_url).toEqual([SAML_TEXTS.metadataBoth]);
    const huge = await post({ idp_metadata_xml: 'x'.repeat(600 * 1024) });
    expect(huge.status).toBe(422);
    expect(huge.body.errors.idp_metadata_xml).toEqual([SAML_TEXTS.metadataTooLarge]);
  });
});

describe('signing in with SAML', () => {
  it('the start sends the browser to the IdP with an AuthnRequest bound to it', async () => {
    const { redirectUrl, request } = await startFor(`teacher@${DOMAIN}`);
    expect(redirectUrl.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true);
    expect(request.acsUrl).toBe(connection.acs_url);
    expect(request.issuer).toBe(connection.entity_id);
    const row = await h.db
      .selectFrom('sso_login_attempts')
      .select(['saml_request_id', 'purpose'])
      .where('saml_request_id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('sign_in');
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/v1/sso/start?email=teacher@${DOMAIN}`,
    });
    expect(res.statusCode).toBe(302);
    const cookies = String(res.headers['set-cookie']);
    expect(cookies).toMatch(/scmp_sso_browser=[^;]+;[^,]*HttpOnly; SameSite=Lax/);
    expect(cookies).toMatch(/scmp_sso_post=[^;]+;[^,]*HttpOnly; SameSite=None; Secure/);
  });

  it('a new staff member signs in and joins as a member with an SSO session', async () => {
    const result = await samlSignIn({ email: `teacher@${DOMAIN}`, name: 'Tom Teacher' });
    await firstSignIn(result, `teacher@${DOMAIN}`, 'Tom Teacher');
  });

  it('a mapped group gives its role; an existing account is linked; a Response-level signature works', async () => {
    const it1 = await samlSignIn({ email: `it@${DOMAIN}`, groups: ['staff', 'it-staff'] });
    expect(it1.token).toBeTruthy();
    expect(await roleOf(`it@${DOMAIN}`)).toBe('admin');
    const existing = await h.createUser({ email: `bursar@${DOMAIN}` });
    const linked = await samlSignIn({ email: `bursar@${DOMAIN}` }, { sign: 'response' });
    expect(linked.token).toBeTruthy();
    const me = await h.rest('GET', '/user', { token: linked.token! });
    expect(JSON.stringify(me.body)).toContain(existing.uuid);
    const identity = await h.db
      .selectFrom('sso_identities')
      .select('user_id')
      .where('subject', '=', `bursar@${DOMAIN}`)
      .executeTakeFirstOrThrow();
    expect(identity.user_id).toBe(existing.id);
  });

  it('Test the connection shows the attributes received and creates no session', async () => {
    const lastTest = await connectionTestRun(async (test) => {
      const request = idp.readRequest(test.body.data.redirect_url);
      return await postAcs(
        connection.uuid,
        idp.respond({ request, account: { email: `head@${DOMAIN}`, groups: ['it-staff'] } }),
        cookiesOf(test.headers),
      );
    });
    expect(lastTest).toMatchObject({
      ok: true,
      error: null,
      claims: {
        issuer: idp.entityId,
        name_id: `head@${DOMAIN}`,
        attributes: { email: `head@${DOMAIN}`, groups: 'it-staff' },
      },
    });
  });
});
