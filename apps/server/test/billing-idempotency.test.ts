import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../src/testing/harness';
import { valuesWhere } from '../src/testing/recorded-rows';
import { TEST_BILLING_DETAILS, createTestCard } from '../src/testing/billing-fixtures';
import { useSubscriptionHarness } from '../src/testing/subscription-helpers';

/**
 * The billing operations' `idempotency_key` body field (product specification) is an alias of the
 * Idempotency-Key header (issue 35): one middleware of the pipeline, one store. A key sent as the
 * header and then as the field (or the other way round, on either door) replays without charging.
 */
let h: TestHarness;
const { newOwner, subscribedOwner, invoices } = useSubscriptionHarness((made) => (h = made));
const MISMATCH =
  'This Idempotency-Key was already used with a different request. Use a new key for a new request.';

describe('idempotency_key body field and Idempotency-Key header: one store', () => {
  it('replays a header key sent again as the body field (add-locations), and 422s another body', async () => {
    const { token, orgUuid } = await subscribedOwner({ daysIn: 10 });
    const first = await h.rest('PATCH', '/subscription/add-locations', {
      token,
      headers: { 'idempotency-key': 'loc-key-1' },
      body: { organization_uuid: orgUuid, additional_locations: 1 },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const stored = await valuesWhere(h.db, 'idempotent_requests', 'key', 'key', 'loc-key-1');
    expect(stored).toHaveLength(1);
    const charged = (await invoices(orgUuid, token)).length;

    const again = await h.rest('PATCH', '/subscription/add-locations', {
      token,
      body: { organization_uuid: orgUuid, additional_locations: 1, idempotency_key: 'loc-key-1' },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await invoices(orgUuid, token)).toHaveLength(charged);

    const other = await h.rest('PATCH', '/subscription/add-locations', {
      token,
      body: { organization_uuid: orgUuid, additional_locations: 2, idempotency_key: 'loc-key-1' },
    });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(MISMATCH);
    expect(await invoices(orgUuid, token)).toHaveLength(charged);
    const sub = await h.rest('GET', '/subscription', {
      token,
      query: { organization_uuid: orgUuid },
    });
    expect(sub.body.data.location_limit).toBe(2);
  });

  it('replays a body-field key sent again as the header (POST /subscription): one charge', async () => {
    const { token, orgUuid } = await newOwner();
    const pm = await createTestCard(h, token);
    const body = {
      organization_uuid: orgUuid,
      plan_type: 'basic',
      payment_method_id: pm,
      payment_type: 'card',
      billing_details: TEST_BILLING_DETAILS,
    };
    const first = await h.rest('POST', '/subscription', {
      token,
      body: { ...body, idempotency_key: 'sub-key-1' },
    });
    expect(first.status, first.text).toBe(201);
    const again = await h.rest('POST', '/subscription', {
      token,
      headers: { 'idempotency-key': 'sub-key-1' },
      body,
    });
    expect(again.status, again.text).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await invoices(orgUuid, token)).toHaveLength(1);
  });

  it('shares the store across doors: the field on /trpc, the header on /api/v1 (change plan)', async () => {
    const { token, orgUuid } = await subscribedOwner({ daysIn: 5 });
    const before = (await invoices(orgUuid, token)).length;
    const trpc = await h.trpc(
      'mutation',
      'subscription.changePlan',
      { organization_uuid: orgUuid, plan_type: 'unlimited', idempotency_key: 'plan-key-1' },
      { token },
    );
    expect(trpc.status, trpc.text).toBe(200);
    expect(await invoices(orgUuid, token)).toHaveLength(before + 1);
    const rest = await h.rest('PATCH', '/subscription/plan', {
      token,
      headers: { 'idempotency-key': 'plan-key-1' },
      body: { organization_uuid: orgUuid, plan_type: 'unlimited' },
    });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.headers['idempotent-replayed']).toBe('true');
    expect(rest.body).toEqual(trpc.body.result.data);
    expect(await invoices(orgUuid, token)).toHaveLength(before + 1);
  });

  it('refuses two different keys in one request; the billing service’s own table is gone', async () => {
    const { token, orgUuid } = await subscribedOwner();
    const before = (await invoices(orgUuid, token)).length;
    const res = await h.rest('PATCH', '/subscription/plan', {
      token,
      headers: { 'idempotency-key': 'plan-a' },
      body: { organization_uuid: orgUuid, plan_type: 'unlimited', idempotency_key: 'plan-b' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The Idempotency-Key header and the idempotency_key field name two different keys. Send one key.',
    );
    expect(await invoices(orgUuid, token)).toHaveLength(before);
    const old = await sql<{
      t: string | null;
    }>`SELECT to_regclass('idempotency_keys')::text AS t`.execute(h.db);
    expect(old.rows[0]?.t ?? null).toBeNull();
  });
});
