import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { accountPurge } from '@scmp/api';
import { type Json } from '../src/testing/harness';
import { h, useDeletionHarness } from './privacy/account-deletion-fixtures';

/**
 * Deleting an account, part two: the purge after 30 days, and the purge rules (part one,
 * account-deletion.test.ts, describes the whole).
 */
const { del, freshToken, joinAs, orgOf, restoreToken } = useDeletionHarness();

describe('DELETE /user', () => {
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
    await joinAs(orgUuid, person, 'member');
    const fresh = await freshToken(person, '203.0.113.88', 'PurgeProbe/2.0');
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
