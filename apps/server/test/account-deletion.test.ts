import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPurge } from '@scmp/api';
import { PRIVACY_TEXTS } from '@scmp/api/contracts/privacy';
import { giveActiveSubscription } from '../src/testing/billing-fixtures';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';
import { authenticatorFor, registerPasskey } from '../src/testing/passkey-helpers';
import { createWebhookRowForTest } from '../src/testing/webhook-rows';
import { organizationId } from '../src/testing/organization-rows';

/**
 * Deleting an account (issue 38): DELETE /user with the password and confirm "DELETE"; 409 while
 * the person alone owns an organization with other members or a live subscription; at once every
 * credential ends, memberships end (member.removed), sign-in is refused, a restore link valid 30
 * days is e-mailed; restore within 30 days; after 30 days the purge leaves "Deleted user" in kept
 * records, nothing personal elsewhere, and the address can register again.
 */
let h: TestHarness;
type User = Awaited<ReturnType<TestHarness['createUser']>>;
const IP = '203.0.113.77';

const del = (token: string, body: Json) => h.rest('DELETE', '/user', { token, body });

async function orgOf(owner: User, name: string, subdomain: string): Promise<string> {
  const res = await h.rest('POST', '/organizations', {
    token: owner.token,
    body: { name, type: 'school', subdomain },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.uuid as string;
}

async function orgId(uuid: string): Promise<number> {
  return await organizationId(h.db, uuid);
}

async function login(email: string, password: string, ip = IP, agent = 'DeletionTest/1.0') {
  return h.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'user-agent': agent },
    payload: JSON.stringify({ email, password }),
  });
}

async function restoreToken(email: string): Promise<string> {
  const mail = await h.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_address', '=', email)
    .where('subject', '=', PRIVACY_TEXTS.accountDeletedSubject)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return decodeURIComponent(/restore-account\?token=([^\s&]+)/.exec(mail.text)![1]!);
}

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('DELETE /user', () => {
  it('refuses a wrong password, a missing confirmation and API tokens', async () => {
    const u = await h.createUser({ verified: true });
    const wrong = await del(u.token, { password: 'nope', confirm: 'DELETE' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual([PRIVACY_TEXTS.wrongPassword]);
    const unconfirmed = await del(u.token, { password: u.password, confirm: 'delete' });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.errors.confirm).toEqual(['Type DELETE to confirm.']);
    const token = await h.rest('POST', '/user/api-tokens', {
      token: u.token,
      body: { name: 'x', scopes: ['profile:read'], expires_in_days: 7 },
    });
    const byToken = await del(token.body.data.token, { password: u.password, confirm: 'DELETE' });
    expect(byToken.status).toBe(403);
    expect((await h.rest('GET', '/user', { token: u.token })).status).toBe(200);
  });

  it('answers 409 naming the organizations the person alone owns with members or a live subscription', async () => {
    const owner = await h.createUser({ verified: true, name: 'Sole Owner' });
    const withMember = await orgOf(owner, 'Members Academy', 'members-academy-del');
    const withSubscription = await orgOf(owner, 'Paying Academy', 'paying-academy-del');
    await orgOf(owner, 'Empty Academy', 'empty-academy-del');
    const member = await h.createUser({ verified: true });
    await h.db
      .insertInto('organization_members')
      .values({ organization_id: await orgId(withMember), user_id: member.id, role: 'member' })
      .execute();
    await giveActiveSubscription(h, owner.token, withSubscription);
    const res = await del(owner.token, { password: owner.password, confirm: 'DELETE' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PRIVACY_TEXTS.soleOwner(['Members Academy', 'Paying Academy']));
    expect(res.body.organizations.map((o: Json) => o.uuid)).toEqual([withMember, withSubscription]);
    const trpc = await h.trpc(
      'mutation',
      'privacy.deleteAccount',
      { password: owner.password, confirm: 'DELETE' },
      { token: owner.token },
    );
    expect(trpc.status).toBe(409);
    expect((await h.rest('GET', '/user', { token: owner.token })).status).toBe(200);
  });

  it('ends every credential and membership at once, e-mails a restore link; restore works within 30 days', async () => {
    const owner = await h.createUser({ verified: true });
    const orgUuid = await orgOf(owner, 'Hosting Academy', 'hosting-academy-del');
    const webhook = await createWebhookRowForTest(h, orgUuid, 'https://hooks.example.com/x');
    await h.db
      .updateTable('webhook_endpoints')
      .set({ events: JSON.stringify(['member.removed']) })
      .where('uuid', '=', webhook.uuid)
      .execute();
    const leaver = await h.createUser({ verified: true, name: 'Lee Leaver' });
    await h.db
      .insertInto('organization_members')
      .values({ organization_id: await orgId(orgUuid), user_id: leaver.id, role: 'admin' })
      .execute();
    const invited = await h.rest('POST', `/organizations/${orgUuid}/invitations`, {
      token: leaver.token,
      body: { email: 'someone.invited@example.com', role: 'member' },
    });
    expect(invited.status, invited.text).toBe(201);
    await registerPasskey(h, leaver.token, authenticatorFor(h));
    const apiToken = (
      await h.rest('POST', '/user/api-tokens', {
        token: leaver.token,
        body: { name: 'x', scopes: ['profile:read'], expires_in_days: 7 },
      })
    ).body.data.token as string;
    const second = JSON.parse((await login(leaver.email, leaver.password)).body).data
      .token as string;

    const res = await del(leaver.token, { password: leaver.password, confirm: 'DELETE' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(PRIVACY_TEXTS.accountDeleted);

    for (const token of [leaver.token, second, apiToken])
      expect((await h.rest('GET', '/user', { token })).status).toBe(401);
    const signIn = await login(leaver.email, leaver.password);
    expect(signIn.statusCode).toBe(401);
    expect(JSON.parse(signIn.body).message).toBe('These credentials do not match our records.');
    expect(
      await h.db.selectFrom('passkeys').select('id').where('user_id', '=', leaver.id).execute(),
    ).toEqual([]);
    expect(
      await h.db
        .selectFrom('organization_members')
        .select('role')
        .where('user_id', '=', leaver.id)
        .execute(),
    ).toEqual([]);
    const invitation = await h.db
      .selectFrom('organization_invitations')
      .select('revoked_at')
      .where('uuid', '=', invited.body.data.uuid)
      .executeTakeFirstOrThrow();
    expect(invitation.revoked_at).not.toBeNull();
    const removed = await h.db
      .selectFrom('webhook_events')
      .select(['type', 'data'])
      .where('type', '=', 'member.removed')
      .execute();
    expect(removed.map((e) => (e.data as Json).user.uuid)).toEqual([leaver.uuid]);
    // The address is held for the 30 days: it cannot register again yet.
    const again = await h.rest('POST', '/auth/register', {
      body: {
        name: 'X',
        email: leaver.email,
        password: 'Another-Pass-2026',
        password_confirmation: 'Another-Pass-2026',
      },
    });
    expect(again.status).toBe(422);

    const token = await restoreToken(leaver.email);
    h.clock.advance(29 * 86_400_000);
    const restored = await h.rest('POST', '/auth/restore-account', { body: { token } });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.message).toBe(PRIVACY_TEXTS.accountRestored);
    expect((await login(leaver.email, leaver.password)).statusCode).toBe(200);
    const reused = await h.rest('POST', '/auth/restore-account', { body: { token } });
    expect(reused.status).toBe(404);
    expect(reused.body.message).toBe(PRIVACY_TEXTS.restoreInvalid);
  });

  it('a restore link dies after 30 days; the purge leaves "Deleted user" in kept records and nothing personal; the address can register again', async () => {
    const owner = await h.createUser({ verified: true });
    const orgUuid = await orgOf(owner, 'Keeping Academy', 'keeping-academy-del');
    const person = await h.createUser({
      verified: true,
      name: 'Petra Personal',
      email: 'petra.personal@example.com',
    });
    await h.rest('PUT', '/profile', {
      token: person.token,
      body: { name: 'Petra Personal', email: person.email, phone: '+44 7700 900077' },
    });
    await h.db
      .insertInto('organization_members')
      .values({ organization_id: await orgId(orgUuid), user_id: person.id, role: 'member' })
      .execute();
    const fresh = JSON.parse(
      (await login(person.email, person.password, '203.0.113.88', 'PurgeProbe/2.0')).body,
    ).data.token as string;
    const ticket = await h.rest('POST', '/support/tickets', {
      token: fresh,
      body: {
        subject: 'Kept ticket',
        description: 'The organization keeps this ticket.',
        category: 'general',
        organization_uuid: orgUuid,
      },
    });
    expect(ticket.status, ticket.text).toBe(201);
    expect((await del(fresh, { password: person.password, confirm: 'DELETE' })).status).toBe(200);
    const token = await restoreToken(person.email);

    h.clock.advance(30 * 86_400_000);
    expect((await h.rest('POST', '/auth/restore-account', { body: { token } })).status).toBe(404);
    expect(await accountPurge.purgeDeletedAccounts(h.deps)).toBe(1);
    expect(await accountPurge.purgeDeletedAccounts(h.deps)).toBe(0);

    const row = await h.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Deleted user');
    expect(row.phone).toBeNull();
    const kept = await h.db
      .selectFrom('support_tickets')
      .innerJoin('users', 'users.id', 'support_tickets.user_id')
      .select(['support_tickets.subject', 'users.name'])
      .where('support_tickets.uuid', '=', ticket.body.data.uuid)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ subject: 'Kept ticket', name: 'Deleted user' });

    // Nothing personal anywhere but the tables kept with a reason.
    const keep = Object.entries(accountPurge.ACCOUNT_PURGE_RULES)
      .filter(([, r]) => r.rule === 'keep')
      .map(([t]) => t);
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(h.db);
    const found: string[] = [];
    for (const { table_name } of tables.rows) {
      if (keep.includes(table_name)) continue;
      const rows = await sql<Json>`select * from ${sql.table(table_name)}`.execute(h.db);
      const text = JSON.stringify(rows.rows);
      for (const value of [
        person.email,
        'Petra Personal',
        '203.0.113.88',
        '7700 900077',
        'PurgeProbe',
      ])
        if (text.includes(value)) found.push(`${table_name}: ${value}`);
    }
    expect(found).toEqual([]);
    const mails = await h.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'kind', 'subject', 'user_id'])
      .execute();
    console.log(JSON.stringify(mails.filter((m) => JSON.stringify(m).includes('etra'))));

    const registered = await h.rest('POST', '/auth/register', {
      body: {
        name: 'Petra Again',
        email: person.email,
        password: 'Another-Pass-2026',
        password_confirmation: 'Another-Pass-2026',
      },
    });
    expect(registered.status, registered.text).toBe(201);
  });

  it('every table with a user reference or personal column has a purge rule', async () => {
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema()
        and (column_name in ('user_id', 'owner_id', 'author_id', 'created_by', 'invited_by',
          'accepted_by', 'email', 'to_address', 'new_email', 'ip_address', 'user_agent',
          'last_used_ip', 'billing_details', 'phone', 'name')
          or data_type in ('json', 'jsonb'))`.execute(h.db);
    // Names and JSON columns of these are the product's own, never a person's.
    const notPersonal = new Set([
      'jobs',
      'kysely_migration',
      'brandings',
      'platform_counters',
      'platform_counter_deltas',
      'platform_daily_figures',
    ]);
    const tables = [...new Set(columns.rows.map((c) => c.table_name))].filter(
      (t) => !notPersonal.has(t),
    );
    const missing = tables.filter((t) => !accountPurge.ACCOUNT_PURGE_RULES[t]).sort();
    expect(missing, 'tables without a purge rule in domain/privacy/account-purge.ts').toEqual([]);
    const all = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = current_schema()`.execute(
      h.db,
    );
    const names = new Set(all.rows.map((r) => r.table_name));
    const stale = Object.keys(accountPurge.ACCOUNT_PURGE_RULES).filter((t) => !names.has(t));
    expect(stale).toEqual([]);
  });
});
