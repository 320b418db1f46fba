import { describe, expect, it } from 'vitest';
import { SSO_FAILURE_REASONS } from '@scmp/api/contracts/sso';
import { SAML_FAILURE_REASONS } from '@scmp/api/contracts/sso-saml';
import { type SamlAccount } from '../src/testing/saml-idp';
import {
  connection,
  DOMAIN,
  FAILED,
  type Forge,
  h,
  idp,
  orgUuid,
  other,
  otherConnection,
  useSamlOrganization,
} from './sso/saml-fixtures';

/**
 * SAML 2.0 single sign-on, part two: the refusal table and who manages SAML connections (part
 * one, sso-saml.test.ts, describes the whole).
 */
const { asOwner, connectionOutsiders, cookiesOf, failures, postAcs, roleOf, samlSignIn, startFor } =
  useSamlOrganization();

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
    const test = await asOwner('POST', `/${otherConnection.uuid}/test`);
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
    const { path, member, stranger, foreign, apiToken } = await connectionOutsiders('other-saml');
    expect(
      (
        await h.rest('PATCH', path, {
          token: member.token,
          body: { idp_metadata_xml: idp.metadataXml },
        })
      ).status,
    ).toBe(403);
    expect(
      (await h.rest('PATCH', foreign, { token: stranger.token, body: { display_name: 'Mine' } }))
        .status,
    ).toBe(404);
    expect((await h.rest('DELETE', foreign, { token: stranger.token })).status).toBe(404);
    expect(
      (
        await h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
          token: apiToken,
          body: { type: 'saml', display_name: 'T', idp_metadata_xml: idp.metadataXml },
        })
      ).status,
    ).toBe(403);
  });

  it('a new metadata document must be tested again; the connection is removed with its replay store', async () => {
    const patched = await asOwner('PATCH', `/${connection.uuid}`, {
      idp_metadata_xml: idp.metadataXml,
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data.tested_at).toBeNull();
    const removed = await asOwner('DELETE', `/${connection.uuid}`);
    expect(removed.status).toBe(200);
    const left = await h.db
      .selectFrom('sso_saml_assertions')
      .select('assertion_id')
      .where('assertion_id', '=', '_once')
      .execute();
    expect(left).toEqual([]);
  });
});
