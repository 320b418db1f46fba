import { describe, expect, it } from 'vitest';
import { organizationClosure } from '@scmp/api';
import { CLOSURE_TEXTS } from '@scmp/api/contracts';
import { TEST_BILLING_DETAILS } from '../src/testing/billing-fixtures';
import { type Json } from '../src/testing/harness';
import { subscriptionRows } from '../src/testing/recorded-rows';
import { buildSecurityResourceSet } from '../src/testing/security-fixtures';
import { h, DAY, useClosureHarness } from './privacy/closure-fixtures';

/**
 * Closing an organization (issue 38, the Terms' 60-day window): DELETE /organizations/{id}
 * schedules the closure (subscription cancelled, instances suspended, portals 503 "This site has
 * closed", custom domains no longer served, organization.closing), the owner can restore it, and
 * on day 60 the purge deletes its rows and files and keeps its invoices, anonymised.
 */
const { ask, instanceOf, orgRow, page, withCustomDomain } = useClosureHarness();

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
    const [sub] = await subscriptionRows(h.db, { organizationUuid: A.orgUuid });
    expect(sub!.status).toBe('cancelled');
    expect(sub!.service_ends_at).toEqual(sub!.current_period_end);

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
});
