import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SSO_FAILURE_REASONS } from '@scmp/api/contracts/sso';
import { SAML_FAILURE_REASONS, SAML_TEXTS } from '@scmp/api/contracts/sso-saml';
import type { Json, TestHarness } from '../src/testing/harness';
import {
  createTestSamlIdp,
  serveTestSamlIdp,
  type SamlAccount,
  type SamlResponseOptions,
  type TestSamlIdp,
} from '../src/testing/saml-idp';
import { addVerifiedDomain, createOrganization, roleIn } from '../src/testing/organization-rows';
import { ssoFailures } from '../src/testing/sso-helpers';
import { useHarness } from '../src/testing/use-harness';

/**
 * SAML 2.0 single sign-on (issue 37) against an in-process identity provider that signs its
 * responses with a throwaway certificate: connections from pasted IdP metadata (the values to
 * paste back: entity ID, ACS URL, metadata URL), SCMP's SP metadata, the SP-initiated sign-in
 * (AuthnRequest ID bound to the browser, InResponseTo required), just-in-time membership with the
 * default or a mapped group's role, linking an existing account, the admin's test run, and the
 * refusal table — each with the person's one message and the admins' Sign-in failures entry.
 */
let h: TestHarness;
let idp: TestSamlIdp;
let other: TestSamlIdp;
type User = Awaited<ReturnType<TestHarness['createUser']>>;
let owner: User;
let orgUuid: string;
let orgId: number;
let connection: Json;
let otherConnection: Json;
const DOMAIN = 'stjohns.org.uk';
const FAILED = 'http://localhost:3000/login?sso_error=1';

useHarness((made) => (h = made));
beforeAll(async () => {
  idp = createTestSamlIdp('https://idp.stjohns.example');
  other = createTestSamlIdp('https://idp.other.example');
  owner = await h.createUser({ email: `head@${DOMAIN}` });
  ({ uuid: orgUuid, id: orgId } = await createOrganization(h, owner.token, {
    name: 'St John School',
    type: 'school',
    subdomain: 'stjohns-saml',
  }));
  await addVerifiedDomain(h, orgId, DOMAIN);
  const created = await h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
    token: owner.token,
    body: {
      type: 'saml',
      display_name: 'St John SAML',
      idp_metadata_xml: idp.metadataXml,
      group_mappings: [{ group: 'it-staff', role: 'admin' }],
    },
  });
  expect(created.status, created.text).toBe(201);
  expect(created.body.message).toBe(SAML_TEXTS.created);
  connection = created.body.data;
  const second = await h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
    token: owner.token,
    body: { type: 'saml', display_name: 'Other SAML', idp_metadata_xml: other.metadataXml },
  });
  expect(second.status, second.text).toBe(201);
  otherConnection = second.body.data;
}, 60_000);
beforeEach(() => {
  h.clock.advance(61_000);
});

function cookiesOf(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : [String(raw)];
  return list
    .filter((c) => c.startsWith('scmp_sso_'))
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

async function startFor(email: string) {
  const start = await h.rest('POST', '/auth/sso/start', { body: { email } });
  expect(start.status, start.text).toBe(200);
  const redirectUrl = start.body.data.redirect_url as string;
  return { redirectUrl, cookie: cookiesOf(start.headers), request: idp.readRequest(redirectUrl) };
}

async function postAcs(connectionUuid: string, samlResponse: string, cookie: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/v1/sso/saml/${connectionUuid}/acs`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
  expect(res.statusCode, res.body).toBe(303);
  return String(res.headers.location);
}

type Forge = Partial<Omit<SamlResponseOptions, 'request' | 'account'>>;

/** The whole sign-in; returns where the browser lands and the session token when it worked. */
async function samlSignIn(account: SamlAccount, forge: Forge = {}, from = idp, startAs?: string) {
  const started = await startFor(startAs ?? account.email);
  const samlResponse = from.respond({ request: started.request, account, ...forge });
  const location = await postAcs(connection.uuid, samlResponse, started.cookie);
  const code = new URL(location).searchParams.get('code');
  if (!code) return { location, token: null as string | null, ...started, samlResponse };
  const done = await h.rest('POST', '/auth/sso/complete', {
    body: { code },
    headers: { cookie: started.cookie },
  });
  expect(done.status, done.text).toBe(200);
  return { location, token: done.body.data.token as string, ...started, samlResponse };
}

const failures = () => ssoFailures(h, orgUuid, owner.token);
const roleOf = (email: string) => roleIn(h.db, orgId, email);

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
    const listed = await h.rest('GET', `/organizations/${orgUuid}/sso-connections`, {
      token: owner.token,
    });
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
      const res = await h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
        token: owner.token,
        body: { type: 'saml', display_name: 'By URL', idp_metadata_url: url },
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
      const removed = await h.rest(
        'DELETE',
        `/organizations/${orgUuid}/sso-connections/${res.body.data.uuid}`,
        { token: owner.token },
      );
      expect(removed.status).toBe(200);
    } finally {
      await served.close();
    }
  });

  it('refuses missing, unreadable and certificate-less metadata, and a non-loopback http URL', async () => {
    const post = (body: Json) =>
      h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
        token: owner.token,
        body: { type: 'saml', display_name: 'X', ...body },
      });
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
    expect(result.location).toMatch(/^http:\/\/localhost:3000\/login\/sso\?code=/);
    expect(result.token).toBeTruthy();
    expect(await roleOf(`teacher@${DOMAIN}`)).toBe('member');
    const user = await h.db
      .selectFrom('users')
      .select(['id', 'name', 'email_verified_at'])
      .where('email', '=', `teacher@${DOMAIN}`)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe('Tom Teacher');
    expect(user.email_verified_at).not.toBeNull();
    const sessions = await h.rest('GET', '/profile/sessions', { token: result.token! });
    expect(sessions.body.data[0].sign_in_method).toBe('SSO — St John SAML');
    const activity = await h.db
      .selectFrom('activity_events')
      .select('action')
      .where('user_id', '=', user.id)
      .execute();
    expect(activity.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'account.created_by_sso',
        'sso.linked',
        'member.joined',
        'login.success',
      ]),
    );
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
    const before = await h.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const test = await h.rest(
      'POST',
      `/organizations/${orgUuid}/sso-connections/${connection.uuid}/test`,
      { token: owner.token },
    );
    expect(test.status, test.text).toBe(200);
    const request = idp.readRequest(test.body.data.redirect_url);
    const location = await postAcs(
      connection.uuid,
      idp.respond({ request, account: { email: `head@${DOMAIN}`, groups: ['it-staff'] } }),
      cookiesOf(test.headers),
    );
    expect(location).toBe(
      `http://localhost:3000/dashboard/organizations/${orgUuid}?tab=security&sso_test=${connection.uuid}`,
    );
    const after = await h.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const got = await h.rest(
      'GET',
      `/organizations/${orgUuid}/sso-connections/${connection.uuid}`,
      { token: owner.token },
    );
    expect(got.body.data.tested_at).toBeTruthy();
    expect(got.body.data.last_test).toMatchObject({
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

describe('SAML refusals', () => {
  /** One sign-in that must be refused: the person's message and the admins' reason. */
  async function expectRefused(
    account: SamlAccount,
    forge: Forge,
    reason: string | RegExp,
    from = idp,
    startAs?: string,
  ) {
    const seen = (await failures()).length;
    const result = await samlSignIn(account, forge, from, startAs);
    expect(result.token).toBeNull();
    expect(result.location).toBe(FAILED);
    const list = await failures();
    expect(list.length).toBe(seen + 1);
    if (typeof reason === 'string') expect(list[0]!.reason).toBe(reason);
    else expect(list[0]!.reason).toMatch(reason);
    expect(list[0]!.connection_name).toBe('St John SAML');
    return { ...result, failure: list[0]! };
  }

  it('unsigned', async () => {
    await expectRefused(
      { email: `u1@${DOMAIN}` },
      { sign: 'none' },
      /^The identity provider's SAML response was refused: Invalid signature/,
    );
    expect(await roleOf(`u1@${DOMAIN}`)).toBeUndefined();
  });

  it('signed, then altered (NameID changed)', async () => {
    await expectRefused(
      { email: `u2@${DOMAIN}` },
      {
        alter: (xml) =>
          xml.replace(/>u2@stjohns\.org\.uk<\/saml:NameID>/, `>head@${DOMAIN}</saml:NameID>`),
      },
      /^The identity provider's SAML response was refused: Invalid signature/,
    );
    expect(await roleOf(`u2@${DOMAIN}`)).toBeUndefined();
  });

  it('signature wrapping: a second, unsigned assertion beside the signed one, or in its place', async () => {
    const evil = (xml: string) =>
      xml
        .match(/<saml:Assertion[\s\S]*<\/saml:Assertion>/)![0]
        .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
        .replace(/ID="[^"]+"/, 'ID="_evil"')
        .replaceAll(`wrap@${DOMAIN}`, `head@${DOMAIN}`);
    await expectRefused(
      { email: `wrap@${DOMAIN}` },
      { alter: (xml) => xml.replace('<saml:Assertion', `${evil(xml)}<saml:Assertion`) },
      /^The identity provider's SAML response was refused: Invalid signature: multiple assertions/,
    );
    // The signed assertion hidden in the Status's extensions, the forged one where it belongs.
    await expectRefused(
      { email: `wrap@${DOMAIN}` },
      {
        alter: (xml) => {
          const signed = xml.match(/<saml:Assertion[\s\S]*<\/saml:Assertion>/)![0];
          return xml
            .replace(signed, evil(xml))
            .replace(
              '</samlp:Status>',
              `<samlp:StatusDetail>${signed}</samlp:StatusDetail></samlp:Status>`,
            );
        },
      },
      /^The identity provider's SAML response was refused: Invalid signature/,
    );
    const head = await h.db
      .selectFrom('sso_identities')
      .select('subject')
      .where('subject', '=', `head@${DOMAIN}`)
      .executeTakeFirst();
    expect(head).toBeUndefined();
  });

  it('wrong audience, wrong destination, wrong recipient', async () => {
    await expectRefused(
      { email: `u3@${DOMAIN}` },
      { audience: 'https://someone-else.example/sp' },
      /^The identity provider's SAML response was refused: SAML assertion audience mismatch/,
    );
    await expectRefused(
      { email: `u3@${DOMAIN}` },
      { destination: 'https://evil.example/acs', sign: 'response' },
      SAML_FAILURE_REASONS.destination('https://evil.example/acs'),
    );
    await expectRefused(
      { email: `u3@${DOMAIN}` },
      { recipient: 'https://evil.example/acs' },
      SAML_FAILURE_REASONS.recipient('https://evil.example/acs'),
    );
  });

  it('expired and not yet valid (beyond the 2 minutes of skew); within the skew works', async () => {
    const now = Date.now();
    await expectRefused(
      { email: `u4@${DOMAIN}` },
      { notBefore: new Date(now - 20 * 60_000), notOnOrAfter: new Date(now - 3 * 60_000) },
      SAML_FAILURE_REASONS.timing,
    );
    await expectRefused(
      { email: `u4@${DOMAIN}` },
      { notBefore: new Date(now + 3 * 60_000), notOnOrAfter: new Date(now + 10 * 60_000) },
      SAML_FAILURE_REASONS.timing,
    );
    const skewed = await samlSignIn(
      { email: `u4@${DOMAIN}` },
      { notBefore: new Date(now + 60_000), notOnOrAfter: new Date(now + 10 * 60_000) },
    );
    expect(skewed.token).toBeTruthy();
  });

  it('a replayed response, and an assertion ID seen before in a new response', async () => {
    const first = await samlSignIn({ email: `u5@${DOMAIN}` }, { assertionId: '_once' });
    expect(first.token).toBeTruthy();
    // The same response posted again, from the same browser.
    const seen = (await failures()).length;
    expect(await postAcs(connection.uuid, first.samlResponse, first.cookie)).toBe(FAILED);
    expect((await failures())[0]!.reason).toBe(SAML_FAILURE_REASONS.notSolicited);
    expect((await failures()).length).toBe(seen + 1);
    // A fresh, signed response that reuses the assertion ID: the replay store refuses it.
    await expectRefused(
      { email: `u5@${DOMAIN}` },
      { assertionId: '_once' },
      SAML_FAILURE_REASONS.replayed,
    );
  });

  it('unsolicited: no InResponseTo, an unknown one, or another browser', async () => {
    await expectRefused(
      { email: `u6@${DOMAIN}` },
      { inResponseTo: null },
      SAML_FAILURE_REASONS.notSolicited,
    );
    await expectRefused(
      { email: `u6@${DOMAIN}` },
      { inResponseTo: '_never-issued' },
      SAML_FAILURE_REASONS.notSolicited,
    );
    // The Response names this browser's request, the signed assertion does not.
    await expectRefused(
      { email: `u6@${DOMAIN}` },
      { subjectInResponseTo: null },
      SAML_FAILURE_REASONS.notSolicited,
    );
    const started = await startFor(`u6@${DOMAIN}`);
    const response = idp.respond({ request: started.request, account: { email: `u6@${DOMAIN}` } });
    const seen = (await failures()).length;
    expect(
      await postAcs(
        connection.uuid,
        response,
        'scmp_sso_browser=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ),
    ).toBe(FAILED);
    expect((await failures())[0]!.reason).toBe(SAML_FAILURE_REASONS.notSolicited);
    expect((await failures()).length).toBe(seen + 1);
    expect(await roleOf(`u6@${DOMAIN}`)).toBeUndefined();
  });

  it('a response meant for another connection', async () => {
    // Signed by the other connection's IdP for the other connection's request, posted here.
    const test = await h.rest(
      'POST',
      `/organizations/${orgUuid}/sso-connections/${otherConnection.uuid}/test`,
      { token: owner.token },
    );
    const request = other.readRequest(test.body.data.redirect_url);
    const response = other.respond({ request, account: { email: `u7@${DOMAIN}` } });
    const seen = (await failures()).length;
    expect(await postAcs(connection.uuid, response, cookiesOf(test.headers))).toBe(FAILED);
    const list = await failures();
    expect(list.length).toBe(seen + 1);
    expect(list[0]).toMatchObject({
      connection_name: 'St John SAML',
      reason: SAML_FAILURE_REASONS.notSolicited,
    });
    // Our IdP's signature on an answer to our request, but addressed to the other connection.
    await expectRefused(
      { email: `u7@${DOMAIN}` },
      { audience: otherConnection.entity_id, recipient: otherConnection.acs_url },
      /audience mismatch/,
    );
    // The other IdP's signature on an answer to our request: not our IdP's certificate.
    await expectRefused(
      { email: `u7@${DOMAIN}` },
      {},
      /^The identity provider's SAML response was refused: Invalid signature/,
      other,
    );
  });

  it('an address outside the verified domains', async () => {
    await expectRefused(
      { email: 'someone@gmail.com' },
      {},
      SSO_FAILURE_REASONS.unknownUser('someone@gmail.com'),
      idp,
      `someone@${DOMAIN}`,
    );
  });
});

describe('who manages SAML connections', () => {
  it('members get 403, another organization 404, API tokens 403', async () => {
    const member = await h.createUser();
    await h.db
      .insertInto('organization_members')
      .values({ organization_id: orgId, user_id: member.id, role: 'member', joined_at: new Date() })
      .execute();
    const path = `/organizations/${orgUuid}/sso-connections/${connection.uuid}`;
    expect((await h.rest('GET', path, { token: member.token })).status).toBe(403);
    expect(
      (
        await h.rest('PATCH', path, {
          token: member.token,
          body: { idp_metadata_xml: idp.metadataXml },
        })
      ).status,
    ).toBe(403);
    const stranger = await h.createUser();
    const theirs = await h.rest('POST', '/organizations', {
      token: stranger.token,
      body: { name: 'Other', type: 'school', subdomain: 'other-saml' },
    });
    const foreign = `/organizations/${theirs.body.data.uuid}/sso-connections/${connection.uuid}`;
    expect((await h.rest('GET', foreign, { token: stranger.token })).status).toBe(404);
    expect(
      (await h.rest('PATCH', foreign, { token: stranger.token, body: { display_name: 'Mine' } }))
        .status,
    ).toBe(404);
    expect((await h.rest('DELETE', foreign, { token: stranger.token })).status).toBe(404);
    const created = await h.rest('POST', '/user/api-tokens', {
      token: owner.token,
      body: {
        name: 'All',
        scopes: ['organizations:read', 'organizations:write'],
        expires_in_days: null,
      },
    });
    expect((await h.rest('GET', path, { token: created.body.data.token })).status).toBe(403);
    expect(
      (
        await h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
          token: created.body.data.token,
          body: { type: 'saml', display_name: 'T', idp_metadata_xml: idp.metadataXml },
        })
      ).status,
    ).toBe(403);
  });

  it('a new metadata document must be tested again; the connection is removed with its replay store', async () => {
    const path = `/organizations/${orgUuid}/sso-connections/${connection.uuid}`;
    const patched = await h.rest('PATCH', path, {
      token: owner.token,
      body: { idp_metadata_xml: idp.metadataXml },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data.tested_at).toBeNull();
    const removed = await h.rest('DELETE', path, { token: owner.token });
    expect(removed.status).toBe(200);
    const left = await h.db
      .selectFrom('sso_saml_assertions')
      .select('assertion_id')
      .where('assertion_id', '=', '_once')
      .execute();
    expect(left).toEqual([]);
  });
});
