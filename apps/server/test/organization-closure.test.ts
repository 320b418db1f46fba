import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { organizationClosure, retention, runDueJobs } from '@scmp/api';
import { CLOSURE_TEXTS } from '@scmp/api/contracts';
import { TEST_BILLING_DETAILS } from '../src/testing/billing-fixtures';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';
import {
  buildSecurityResourceSet,
  type SecurityResourceSet,
} from '../src/testing/security-fixtures';
import { addMemberRow } from '../src/testing/organization-rows';

/**
 * Closing an organization (issue 38, the Terms' 60-day window): DELETE /organizations/{id}
 * schedules the closure (subscription cancelled, instances suspended, portals 503 "This site has
 * closed", custom domains no longer served, organization.closing), the owner can restore it, and
 * on day 60 the purge deletes its rows and files and keeps its invoices, anonymised.
 */
let h: TestHarness;
const DAY = 86_400_000;

async function drain() {
  for (let i = 0; i < 20; i += 1) if ((await runDueJobs(h.deps, undefined, 10)) === 0) return;
}

const orgRow = (uuid: string) =>
  h.db.selectFrom('organizations').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();

async function instanceOf(set: SecurityResourceSet) {
  return h.db
    .selectFrom('instances')
    .selectAll()
    .where('uuid', '=', set.instanceUuid!)
    .executeTakeFirstOrThrow();
}

const page = (host: string, url = '/') => h.app.inject({ url, headers: { host } });
const ask = (domain: string) =>
  h.app.inject({
    url: `/api/v1/internal/tls/ask?domain=${encodeURIComponent(domain)}`,
    remoteAddress: '127.0.0.1',
  });

async function withCustomDomain(set: SecurityResourceSet, domain: string) {
  await h.db
    .updateTable('instances')
    .set({ custom_domain: domain, custom_domain_status: 'verified' })
    .where('uuid', '=', set.instanceUuid!)
    .execute();
}

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('closing an organization', () => {
  it('cancels the subscription, suspends instances, closes portals and domains, and says when it is purged', async () => {
    const A = await buildSecurityResourceSet(h, 'closer');
    expect(A.instanceUuid).not.toBeNull();
    await withCustomDomain(A, 'portal.closer-test.org');
    const instance = await instanceOf(A);
    expect(instance.status).toBe('active');
    expect((await page(instance.host!)).statusCode).toBe(200);
    expect((await page('portal.closer-test.org')).statusCode).toBe(200);
    expect((await ask('portal.closer-test.org')).statusCode).toBe(200);
    const webhook = await h.db
      .updateTable('webhook_endpoints')
      .set({ events: JSON.stringify(['organization.closing', 'organization.deleted']) })
      .where('uuid', '=', A.webhookUuid)
      .returning('id')
      .executeTakeFirstOrThrow();

    const closed = await h.rest('DELETE', `/organizations/${A.orgUuid}`, { token: A.user.token });
    expect(closed.status, closed.text).toBe(200);
    const purgeAt = new Date(h.clock.now().getTime() + 60 * DAY).toISOString();
    expect(closed.body.data).toMatchObject({ status: 'closing', purge_at: purgeAt });
    expect(closed.body.message).toBe(CLOSURE_TEXTS.closing(purgeAt.slice(0, 10)));

    // The subscription: cancelled, nothing more charged, the paid period runs out.
    const sub = await h.db
      .selectFrom('subscriptions')
      .innerJoin('organizations', 'organizations.id', 'subscriptions.organization_id')
      .select([
        'subscriptions.status',
        'subscriptions.service_ends_at',
        'subscriptions.current_period_end',
      ])
      .where('organizations.uuid', '=', A.orgUuid)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('cancelled');
    expect(sub.service_ends_at).toEqual(sub.current_period_end);

    // Instances suspended; the portal answers 503 "This site has closed" in its branding.
    expect((await instanceOf(A)).status).toBe('suspended');
    const portal = await page(instance.host!);
    expect(portal.statusCode).toBe(503);
    expect(portal.body).toContain(CLOSURE_TEXTS.siteClosedTitle);
    expect(portal.body).toContain('closer Academy');
    expect((await page(instance.host!, '/healthz')).statusCode).toBe(503);
    // The custom domain is no longer served, and no certificate would be issued for it.
    expect((await page('portal.closer-test.org')).statusCode).toBe(404);
    expect((await ask('portal.closer-test.org')).statusCode).toBe(404);
    // The tenant subdomain stops serving.
    expect((await page(`${A.subdomain}.localhost`)).statusCode).toBe(404);

    // organization.closing was queued for the webhook.
    const events = await h.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
      .select('webhook_events.type')
      .where('webhook_deliveries.endpoint_id', '=', webhook.id)
      .execute();
    expect(events.map((e) => e.type)).toContain('organization.closing');

    // Members see it closing; GET answers status and purge date.
    const got = await h.rest('GET', `/organizations/${A.orgUuid}`, { token: A.user.token });
    expect(got.body.data).toMatchObject({ status: 'closing', purge_at: purgeAt });
    // Closing twice: 409.
    const again = await h.rest('DELETE', `/organizations/${A.orgUuid}`, { token: A.user.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CLOSURE_TEXTS.alreadyClosing);
  });

  it('refuses changes to a closing organization with 409 (instances, subscription, members, settings)', async () => {
    const A = await buildSecurityResourceSet(h, 'refuser');
    expect(
      (await h.rest('DELETE', `/organizations/${A.orgUuid}`, { token: A.user.token })).status,
    ).toBe(200);
    const attempts: [string, string, Json | undefined][] = [
      [
        'POST',
        '/instances',
        { organization_uuid: A.orgUuid, name: 'Another', subdomain: 'another' },
      ],
      ['PATCH', `/instances/${A.instanceUuid}/status`, { action: 'resume' }],
      ['PUT', `/organizations/${A.orgUuid}`, { name: 'Renamed', type: 'school' }],
      [
        'POST',
        `/organizations/${A.orgUuid}/invitations`,
        { email: 'x@example.com', role: 'member' },
      ],
      [
        'POST',
        '/subscription',
        {
          organization_uuid: A.orgUuid,
          plan_type: 'basic',
          additional_venues: 0,
          payment_method_id: 'pm_card_visa',
          payment_type: 'card',
          billing_details: TEST_BILLING_DETAILS,
        },
      ],
    ];
    for (const [method, url, body] of attempts) {
      const res = await h.rest(method as 'POST', url, { token: A.user.token, body });
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(409);
      expect(res.body.message, `${method} ${url}`).toBe(CLOSURE_TEXTS.refused);
    }
    // Reads still answer.
    expect(
      (await h.rest('GET', `/instances/${A.instanceUuid}`, { token: A.user.token })).status,
    ).toBe(200);
  });

  it('restores within the 60 days: status back, instances resumable, subscription stays cancelled', async () => {
    const A = await buildSecurityResourceSet(h, 'restorer');
    const before = (await orgRow(A.orgUuid)).status;
    expect(
      (await h.rest('DELETE', `/organizations/${A.orgUuid}`, { token: A.user.token })).status,
    ).toBe(200);
    const notClosing = await h.rest('POST', `/organizations/${A.orgUuid}/restore`, {
      token: A.user.token,
    });
    expect(notClosing.status).toBe(200);
    expect(notClosing.body.data).toMatchObject({
      status: before,
      purge_at: null,
      closing_at: null,
    });
    expect(notClosing.body.message).toBe(CLOSURE_TEXTS.restored);
    const again = await h.rest('POST', `/organizations/${A.orgUuid}/restore`, {
      token: A.user.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CLOSURE_TEXTS.notClosing);
    const resumed = await h.rest('PATCH', `/instances/${A.instanceUuid}/status`, {
      token: A.user.token,
      body: { action: 'resume' },
    });
    expect(resumed.status, resumed.text).toBe(200);
    expect((await page((await instanceOf(A)).host!)).statusCode).toBe(200);
    // Nothing purges a restored organization.
    await organizationClosure.purgeClosedOrganizations(
      h.deps,
      new Date(h.clock.now().getTime() + 61 * DAY),
    );
    expect((await orgRow(A.orgUuid)).status).toBe(before);
  });

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
    const sub = await h.db
      .selectFrom('subscriptions')
      .select(['status', 'payment_method_id'])
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ status: 'expired', payment_method_id: null });

    // organization.deleted was sent; the endpoint is retired.
    const deleted = await h.db
      .selectFrom('webhook_events')
      .select('type')
      .where('organization_id', '=', org.id)
      .where('type', '=', 'organization.deleted')
      .execute();
    expect(deleted).toHaveLength(1);
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
