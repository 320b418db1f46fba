import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { organizationClosure, retention } from '@scmp/api';
import { buildSecurityResourceSet } from '../src/testing/security-fixtures';
import { addMemberRow } from '../src/testing/organization-rows';
import { subscriptionRows, valuesWhere } from '../src/testing/recorded-rows';
import { h, DAY, useClosureHarness } from './privacy/closure-fixtures';

/**
 * Closing an organization, part two: the day-60 purge and its rules (part one,
 * organization-closure.test.ts, describes the whole).
 */
const { drain, orgRow } = useClosureHarness();

describe('closing an organization', () => {
  it('purges on day 60: rows and files gone, invoices and the billing record kept and anonymised', async () => {
    const A = await buildSecurityResourceSet(h, 'purged');
    const org = await orgRow(A.orgUuid);
    const files = [
      ...(
        await h.db
          .selectFrom('brandings')
          .select('logo_path')
          .where('organization_id', '=', org.id)
          .execute()
      ).map((b) => b.logo_path!),
      ...(
        await h.db
          .selectFrom('support_attachments')
          .innerJoin('support_tickets', 'support_tickets.id', 'support_attachments.ticket_id')
          .select('storage_key')
          .where('support_tickets.organization_id', '=', org.id)
          .execute()
      ).map((a) => a.storage_key),
    ];
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const key of files) expect(await h.deps.storage.get(key)).not.toBeNull();
    const invoicesBefore = await h.db
      .selectFrom('invoices')
      .select(['uuid', 'total_pence', 'billing_details'])
      .where('organization_id', '=', org.id)
      .execute();
    expect(invoicesBefore.length).toBeGreaterThan(0);
    const billingName = (invoicesBefore[0]!.billing_details as { name: string }).name;
    await h.db
      .updateTable('webhook_endpoints')
      .set({ events: JSON.stringify(['organization.deleted']) })
      .where('uuid', '=', A.webhookUuid)
      .execute();

    expect(
      (await h.rest('DELETE', `/organizations/${A.orgUuid}`, { token: A.user.token })).status,
    ).toBe(200);
    // Day 59: nothing happens.
    h.clock.advance(59 * DAY);
    await organizationClosure.purgeClosedOrganizations(h.deps);
    expect((await orgRow(A.orgUuid)).status).toBe('closing');
    // Day 60: purged by the retention job's closed-organizations rule.
    h.clock.advance(DAY);
    const run = await retention.runRetention(h.deps);
    expect(run.results.find((r) => r.rule === 'closed-organizations')).toMatchObject({
      outcome: 'ok',
      removed: 1,
    });
    const after = await orgRow(A.orgUuid);
    expect(after).toMatchObject({ status: 'closed', subdomain: null, description: null });
    expect(after.purged_at).not.toBeNull();

    for (const [table, rule] of Object.entries(organizationClosure.ORGANIZATION_PURGE_RULES)) {
      if (rule.rule !== 'delete' || table === 'webhook_endpoints') continue;
      const left = await sql<{
        n: string;
      }>`select count(*) as n from ${sql.table(table)} where organization_id = ${org.id}`.execute(
        h.db,
      );
      expect(Number(left.rows[0]!.n), table).toBe(0);
    }
    expect(
      await h.db
        .selectFrom('instances')
        .select('id')
        .where('organization_id', '=', org.id)
        .execute(),
    ).toEqual([]);
    for (const key of files) expect(await h.deps.storage.get(key), key).toBeNull();

    // Invoices kept (7 years), anonymised: the billing name is the organization's, no e-mail.
    const invoicesAfter = await h.db
      .selectFrom('invoices')
      .select(['uuid', 'total_pence', 'billing_details'])
      .where('organization_id', '=', org.id)
      .execute();
    expect(invoicesAfter.map((i) => [i.uuid, i.total_pence])).toEqual(
      invoicesBefore.map((i) => [i.uuid, i.total_pence]),
    );
    for (const i of invoicesAfter) {
      expect(i.billing_details).toMatchObject({ name: org.name, email: '' });
      expect(JSON.stringify(i.billing_details)).not.toContain(A.user.email);
      if (billingName !== org.name)
        expect(JSON.stringify(i.billing_details)).not.toContain(billingName);
    }
    const [sub] = await subscriptionRows(h.db, { organizationUuid: A.orgUuid });
    expect(sub).toMatchObject({ status: 'expired', payment_method_id: null });

    // organization.deleted was sent; the endpoint is retired.
    const sent = await valuesWhere(h.db, 'webhook_events', 'type', 'organization_id', org.id);
    expect(sent.filter((type) => type === 'organization.deleted')).toHaveLength(1);
    const endpoint = await h.db
      .selectFrom('webhook_endpoints')
      .select('retired_at')
      .where('uuid', '=', A.webhookUuid)
      .executeTakeFirstOrThrow();
    expect(endpoint.retired_at).not.toBeNull();
    await drain();
  });

  it('lets the owner delete their account once the organization with other members is closing', async () => {
    const A = await buildSecurityResourceSet(h, 'leaver');
    const colleague = await h.createUser({ verified: true });
    const org = await orgRow(A.orgUuid);
    await addMemberRow(h.db, org.id, colleague.id, 'member');
    const body = { password: A.user.password, confirm: 'DELETE' };
    const refused = await h.rest('DELETE', '/user', { token: A.user.token, body });
    expect(refused.status).toBe(409);
    expect(refused.body.organizations).toEqual([{ uuid: A.orgUuid, name: org.name }]);
    expect(
      (await h.rest('DELETE', `/organizations/${A.orgUuid}`, { token: A.user.token })).status,
    ).toBe(200);
    const deleted = await h.rest('DELETE', '/user', { token: A.user.token, body });
    expect(deleted.status, deleted.text).toBe(200);
  });

  it('has a purge rule for every table with an organization_id', async () => {
    const columns = await sql<{ table_name: string }>`
      select distinct table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'organization_id'`.execute(h.db);
    const missing = columns.rows
      .map((r) => r.table_name)
      .filter((t) => !(t in organizationClosure.ORGANIZATION_PURGE_RULES));
    expect(missing).toEqual([]);
  });
});
