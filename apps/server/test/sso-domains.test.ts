import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDueOrganizationDomainChecks } from '@scmp/api';
import { API_SCOPES } from '@scmp/api/contracts/api-tokens';
import { SSO_DOMAIN_TEXTS } from '@scmp/api/contracts/sso';
import { expectAnswer } from '../src/testing/expect-answer';
import { startTestDnsServer, type TestDnsServer } from '../src/testing/dns-server';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';
import { addMemberRow, createOrganization, organizationId } from '../src/testing/organization-rows';
import { activityOf } from '../src/testing/recorded-rows';

/**
 * Verified e-mail domains of single sign-on (issue 37) against the loopback DNS server the
 * custom-domain tests use: what may be claimed, the TXT record, verification on demand and by the
 * worker, a domain another organization verified (409), a record that disappears later (test
 * clock: un-verified, owner e-mailed), and who may manage domains (owner/admin, sessions only).
 */
let h: TestHarness;
let dns: TestDnsServer;
type User = Awaited<ReturnType<TestHarness['createUser']>>;
let owner: User;
let admin: User;
let member: User;
let other: User;
let orgUuid: string;
let otherOrgUuid: string;
const HOUR = 3600 * 1000;

async function organization(user: User, name: string, subdomain: string): Promise<string> {
  return (await createOrganization(h, user.token, { name, type: 'school', subdomain })).uuid;
}

async function join(orgUuidValue: string, user: User, role: 'admin' | 'member' | 'billing') {
  await addMemberRow(h.db, await organizationId(h.db, orgUuidValue), user.id, role);
}

beforeAll(async () => {
  dns = await startTestDnsServer();
  h = await createHarness({
    domains: { dnsServers: [dns.address], publicIps: [], dnsTimeoutMs: 200 },
  });
  owner = await h.createUser();
  admin = await h.createUser();
  member = await h.createUser();
  other = await h.createUser();
  orgUuid = await organization(owner, 'St Mary Academy', 'stmarys');
  otherOrgUuid = await organization(other, 'Other Trust', 'othertrust');
  await join(orgUuid, admin, 'admin');
  await join(orgUuid, member, 'member');
});
afterAll(async () => {
  await h?.close();
  await dns?.close();
});
beforeEach(async () => {
  dns.clear();
  await h.db.updateTable('organization_domains').set({ next_check_at: null }).execute();
});

const add = (domain: unknown, token = owner.token, org = orgUuid) =>
  h.rest('POST', `/organizations/${org}/domains`, { token, body: { domain } });
const verify = (uuid: string, token = owner.token, org = orgUuid) =>
  h.rest('POST', `/organizations/${org}/domains/${uuid}/verify`, { token });
const list = async (token = owner.token, org = orgUuid) =>
  (await h.rest('GET', `/organizations/${org}/domains`, { token })).body.data as Json[];
const publish = (d: Json) => dns.set(d.dns_record.name, 'TXT', [d.dns_record.value]);

describe('adding an e-mail domain', () => {
  it('answers 201 with the pending domain and the TXT record to create', async () => {
    const res = await add('StMarys.org.uk');
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe(SSO_DOMAIN_TEXTS.added);
    const d = res.body.data;
    expect(d).toMatchObject({
      domain: 'stmarys.org.uk',
      status: 'pending',
      dns_record: { type: 'TXT', name: '_scmp-verify.stmarys.org.uk' },
    });
    expect(d.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(d.dns_record.value).toMatch(/^scmp-verify=[0-9a-f]{32}$/);
    expect((await list()).map((x) => x.domain)).toContain('stmarys.org.uk');
    const again = await add('stmarys.org.uk');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SSO_DOMAIN_TEXTS.alreadyAdded);
  });

  it('refuses public mailbox providers, public suffixes and what is not a domain', async () => {
    const publicMailboxes = [
      'gmail.com',
      'googlemail.com',
      'Outlook.com',
      'hotmail.co.uk',
      'yahoo.com',
      'icloud.com',
      'proton.me',
      'gmx.de',
      'gmx.net',
    ];
    const notRegistrable = ['co.uk', 'github.io', 'school.notatld'];
    const invalid = [
      'intranet',
      '192.0.2.1',
      'someone@school.org',
      'https://school.org/x',
      'x.localhost',
    ];
    const cases: Array<[unknown, string | null]> = [
      // The provider is named as the domain is stored: in lower case.
      ...publicMailboxes.map((d): [string, string] => [
        d,
        SSO_DOMAIN_TEXTS.publicMailbox(d.toLowerCase()),
      ]),
      ...notRegistrable.map((d): [string, string] => [d, SSO_DOMAIN_TEXTS.notRegistrable]),
      ...invalid.map((d): [string, string] => [d, SSO_DOMAIN_TEXTS.invalid]),
      ['', SSO_DOMAIN_TEXTS.required],
      [42, null],
    ];
    for (const [domain, text] of cases) {
      const res = await add(domain);
      expect(res.status, `${String(domain)}: ${res.text}`).toBe(422);
      if (text) expect(res.body.errors?.domain, String(domain)).toEqual([text]);
    }
    const rows = await h.db.selectFrom('organization_domains').select('domain').execute();
    expect(rows.map((r) => r.domain)).not.toContain('gmail.com');
  });
});

describe('verification through DNS', () => {
  it('verifies on demand once the TXT record holds the token, and the worker re-checks daily', async () => {
    const d = (await add('oakfield.kent.sch.uk')).body.data;
    const early = await verify(d.uuid);
    expectAnswer(early, 200, SSO_DOMAIN_TEXTS.notYet, {
      status: 'pending',
      reason: 'TXT record not found',
    });

    dns.set(d.dns_record.name, 'TXT', ['scmp-verify=somebody-else']);
    expect((await verify(d.uuid)).body.data.reason).toBe(
      'TXT record does not hold this organization’s verification token',
    );

    publish(d);
    const done = await verify(d.uuid);
    expect(done.body.message).toBe(SSO_DOMAIN_TEXTS.verified);
    expect(done.body.data.status).toBe('verified');
    expect(done.body.data.verified_at).toBeTruthy();
    expect(dns.asked).toContain('_scmp-verify.oakfield.kent.sch.uk');
    const activity = await activityOf(h.db, owner.id, 'sso.domain_%');
    expect(activity.map((a) => a.action)).toEqual(
      expect.arrayContaining(['sso.domain_added', 'sso.domain_verified']),
    );

    h.clock.advance(24 * HOUR);
    expect(await runDueOrganizationDomainChecks(h.deps)).toBe(1);
    expect((await list()).find((x) => x.uuid === d.uuid)?.status).toBe('verified');
  });

  it('the worker retries a pending domain with backoff and verifies it when the record appears', async () => {
    const d = (await add('elmtree.org')).body.data;
    expect(await runDueOrganizationDomainChecks(h.deps)).toBe(1);
    const row1 = await h.db
      .selectFrom('organization_domains')
      .selectAll()
      .where('uuid', '=', d.uuid)
      .executeTakeFirstOrThrow();
    expect(row1.attempts).toBe(1);
    expect(row1.next_check_at!.getTime() - h.clock.now().getTime()).toBe(60_000);
    // Not due yet.
    expect(await runDueOrganizationDomainChecks(h.deps)).toBe(0);
    publish(d);
    h.clock.advance(61_000);
    expect(await runDueOrganizationDomainChecks(h.deps)).toBe(1);
    expect((await list()).find((x) => x.uuid === d.uuid)?.status).toBe('verified');
  });

  it('a record that disappears un-verifies the domain and e-mails the owner', async () => {
    const d = (await add('lapsing-school.org')).body.data;
    publish(d);
    expect((await verify(d.uuid)).body.data.status).toBe('verified');
    dns.clear();
    h.clock.advance(24 * HOUR);
    expect(await runDueOrganizationDomainChecks(h.deps)).toBe(1);
    const after = (await list()).find((x) => x.uuid === d.uuid)!;
    expect(after).toMatchObject({ status: 'pending', reason: 'TXT record not found' });
    expect(after.verified_at).toBeNull();
    const mail = await h.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('kind', '=', 'sso-domain-lapsed')
      .where('to_address', '=', owner.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('lapsing-school.org is no longer verified');
    expect(mail.text).toContain('_scmp-verify.lapsing-school.org');
    // Put back: verified again on the next check.
    publish(d);
    h.clock.advance(2 * 60_000);
    expect(await runDueOrganizationDomainChecks(h.deps)).toBe(1);
    expect((await list()).find((x) => x.uuid === d.uuid)?.status).toBe('verified');
  });

  it('a domain verified by another organization answers 409, on adding and on verifying', async () => {
    const mine = (await add('contested.org.uk')).body.data;
    const theirs = (await add('contested.org.uk', other.token, otherOrgUuid)).body.data;
    expect(theirs.status).toBe('pending');
    dns.set(theirs.dns_record.name, 'TXT', [theirs.dns_record.value, mine.dns_record.value]);
    expect((await verify(theirs.uuid, other.token, otherOrgUuid)).body.data.status).toBe(
      'verified',
    );
    const late = await verify(mine.uuid);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(SSO_DOMAIN_TEXTS.takenElsewhere);
    const row = await h.db
      .selectFrom('organization_domains')
      .select(['status', 'reason'])
      .where('uuid', '=', mine.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', reason: SSO_DOMAIN_TEXTS.takenElsewhere });

    await h.db.deleteFrom('organization_domains').where('uuid', '=', mine.uuid).execute();
    const again = await add('contested.org.uk');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SSO_DOMAIN_TEXTS.takenElsewhere);
  });

  it('removing a domain deletes it; another organization’s domain answers 404', async () => {
    const d = (await add('removable.org')).body.data;
    const foreign = await h.rest('DELETE', `/organizations/${otherOrgUuid}/domains/${d.uuid}`, {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
    const res = await h.rest('DELETE', `/organizations/${orgUuid}/domains/${d.uuid}`, {
      token: owner.token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(SSO_DOMAIN_TEXTS.removed);
    expect((await list()).some((x) => x.uuid === d.uuid)).toBe(false);
  });
});

describe('who manages domains', () => {
  it('owner and admins with a session; members 403, strangers 404, API tokens 403', async () => {
    expect((await add('admins-can.org', admin.token)).status).toBe(201);
    const m = await add('members-cannot.org', member.token);
    expect(m.status).toBe(403);
    expect(m.body.message).toMatch(/^Only the owner or an admin/);
    expect((await add('strangers-cannot.org', other.token)).status).toBe(404);

    const created = await h.rest('POST', '/user/api-tokens', {
      token: owner.token,
      body: { name: 'All', scopes: [...API_SCOPES], expires_in_days: null },
    });
    expect(created.status, created.text).toBe(201);
    const token = created.body.data.token as string;
    expect((await h.rest('GET', `/organizations/${orgUuid}/domains`, { token })).status).toBe(403);
    expect((await add('tokens-cannot.org', token)).status).toBe(403);

    // The tRPC door answers the same.
    const trpcList = await h.trpc(
      'query',
      'sso.listDomains',
      { id: orgUuid },
      { token: owner.token },
    );
    expect(trpcList.status, trpcList.text).toBe(200);
    const trpcMember = await h.trpc(
      'mutation',
      'sso.addDomain',
      { id: orgUuid, domain: 'via-trpc.org' },
      { token: member.token },
    );
    expect(trpcMember.status).toBe(403);
  });
});
