import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingService } from '@scmp/api';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { TEST_BILLING_DETAILS, createTestCard } from '../src/testing/billing-fixtures';

/**
 * One contract, two providers: the built-in test mode and Stripe (the SDK talking to a local
 * HTTP stub of the endpoints we use, never the internet).
 */
type StubState = {
  charges: Map<string, unknown>;
  chargeCount: number;
  intentStatus: Map<string, string>;
};

function startStripeStub(): Promise<{ server: Server; url: string; state: StubState }> {
  const state: StubState = { charges: new Map(), chargeCount: 0, intentStatus: new Map() };
  const methods: Record<string, { kind: 'ok' | 'decline' | 'sepa'; type: string; last4: string }> =
    {
      pm_card_ok: { kind: 'ok', type: 'card', last4: '4242' },
      pm_card_declined: { kind: 'decline', type: 'card', last4: '0002' },
      pm_sepa_ok: { kind: 'sepa', type: 'sepa_debit', last4: '3000' },
    };
  const methodOf = (id: string) => {
    const key = Object.keys(methods).find((k) => id === k || id.startsWith(`${k}_`));
    return key ? methods[key] : undefined;
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_stub' });
        res.end(JSON.stringify(json));
      };
      const params = new URLSearchParams(body);
      const url = req.url ?? '';
      if (req.method === 'POST' && url === '/v1/payment_intents') {
        const key = String(req.headers['idempotency-key'] ?? '');
        if (key && state.charges.has(key)) return send(200, state.charges.get(key));
        const pm = methodOf(params.get('payment_method') ?? '');
        if (!pm)
          return send(400, {
            error: { type: 'invalid_request_error', message: 'No such PaymentMethod' },
          });
        if (pm.kind === 'decline') {
          return send(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              message: 'Your card was declined.',
            },
          });
        }
        state.chargeCount += 1;
        const intent = {
          id: `pi_${state.chargeCount}`,
          object: 'payment_intent',
          amount: Number(params.get('amount')),
          status: pm.kind === 'sepa' ? 'processing' : 'succeeded',
        };
        if (key) state.charges.set(key, intent);
        state.intentStatus.set(intent.id, intent.status);
        return send(200, intent);
      }
      const pi = /^\/v1\/payment_intents\/([^/?]+)/.exec(url);
      if (req.method === 'GET' && pi) {
        const status = state.intentStatus.get(pi[1]!);
        if (!status)
          return send(404, {
            error: { type: 'invalid_request_error', message: 'No such PaymentIntent' },
          });
        return send(200, { id: pi[1], object: 'payment_intent', status });
      }
      if (req.method === 'POST' && url === '/v1/setup_intents') {
        return send(200, {
          id: 'seti_1',
          object: 'setup_intent',
          client_secret: 'seti_1_secret_stub',
        });
      }
      const m = /^\/v1\/payment_methods\/([^/?]+)/.exec(url);
      if (req.method === 'GET' && m) {
        const pm = methodOf(m[1]!);
        if (!pm)
          return send(404, {
            error: { type: 'invalid_request_error', message: 'No such PaymentMethod' },
          });
        return send(200, {
          id: m[1],
          object: 'payment_method',
          type: pm.type,
          ...(pm.type === 'card'
            ? { card: { brand: 'visa', last4: pm.last4 } }
            : { sepa_debit: { last4: pm.last4 } }),
        });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unhandled ${req.method} ${url}` },
      });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, state });
    }),
  );
}

let stub: Awaited<ReturnType<typeof startStripeStub>>;
beforeAll(async () => {
  stub = await startStripeStub();
});
afterAll(async () => {
  await new Promise((r) => stub.server.close(r));
});

type ProviderCase = {
  name: 'test' | 'stripe';
  harness: () => Promise<TestHarness>;
  card: (h: TestHarness, token: string, kind: 'ok' | 'decline' | 'sepa') => Promise<string>;
};

const cases: ProviderCase[] = [
  {
    name: 'test',
    harness: () => createHarness(),
    card: async (h, token, kind) => {
      if (kind === 'sepa') {
        const res = await h.rest('POST', '/payments/test/payment-methods', {
          token,
          body: {
            type: 'sepa_debit',
            iban: 'DE89370400440532013000',
            name: 'Ada',
            email: 'a@example.com',
          },
        });
        return res.body.data.id as string;
      }
      return createTestCard(h, token, kind === 'ok' ? '4242424242424242' : '4000000000000002');
    },
  },
  {
    name: 'stripe',
    harness: () =>
      createHarness({
        stripe: {
          secretKey: 'sk_test_stub',
          publishableKey: 'pk_test_stub',
          webhookSecret: 'whsec_stub',
          apiBase: stub.url,
        },
      }),
    card: async (_h, _token, kind) =>
      `${kind === 'ok' ? 'pm_card_ok' : kind === 'decline' ? 'pm_card_declined' : 'pm_sepa_ok'}_${Math.random().toString(36).slice(2, 10)}`,
  },
];

describe.each(cases)('payment provider contract: $name', (c) => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await c.harness();
  });
  afterAll(async () => {
    await h.close();
  });

  async function owner() {
    const user = await h.createUser();
    const org = await h.rest('POST', '/organizations', {
      token: user.token,
      body: { name: `Org ${Math.random()}`, type: 'camp' },
    });
    return { token: user.token, orgUuid: org.body.data.uuid as string };
  }
  const subscribe = (
    token: string,
    orgUuid: string,
    pm: string,
    extra: Record<string, unknown> = {},
  ) =>
    h.rest('POST', '/subscription', {
      token,
      body: {
        organization_uuid: orgUuid,
        plan_type: 'basic',
        additional_venues: 1,
        payment_method_id: pm,
        payment_type: 'card',
        billing_details: TEST_BILLING_DETAILS,
        ...extra,
      },
    });

  it('names itself in the config', async () => {
    const res = await h.rest('GET', '/subscription/config');
    expect(res.body.data.provider).toBe(c.name);
    expect(res.body.data.publishable_key).toBe(c.name === 'stripe' ? 'pk_test_stub' : null);
  });

  it('charges the setup fee plus the first month and keeps only brand and last four', async () => {
    const { token, orgUuid } = await owner();
    const res = await subscribe(token, orgUuid, await c.card(h, token, 'ok'));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'active',
      price_monthly_pence: 25_000,
      location_limit: 2,
    });
    expect(res.body.data.payment_method).toMatchObject({
      type: 'card',
      brand: 'visa',
      last4: '4242',
    });
    const history = await h.rest('GET', '/subscription/billing-history', {
      token,
      query: { organization_uuid: orgUuid },
    });
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({ amount_pence: 45_000, status: 'paid' });
  });

  it('passes the decline message through', async () => {
    const { token, orgUuid } = await owner();
    const res = await subscribe(token, orgUuid, await c.card(h, token, 'decline'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your card was declined.');
  });

  it('leaves a SEPA debit pending while it processes', async () => {
    const { token, orgUuid } = await owner();
    const res = await subscribe(token, orgUuid, await c.card(h, token, 'sepa'), {
      payment_type: 'direct_debit',
    });
    expect(res.status).toBe(201);
    const history = await h.rest('GET', '/subscription/billing-history', {
      token,
      query: { organization_uuid: orgUuid },
    });
    expect(history.body.data[0].status).toBe('pending');
  });

  it('creates a SetupIntent for direct debit', async () => {
    const { token, orgUuid } = await owner();
    const res = await h.rest('POST', '/subscription/setup-intent', {
      token,
      body: { organization_uuid: orgUuid, payment_type: 'direct_debit' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.client_secret).toMatch(/secret/);
  });

  it('never charges twice for a retried request', async () => {
    const { token, orgUuid } = await owner();
    const pm = await c.card(h, token, 'ok');
    const before = stub.state.chargeCount;
    const a = await subscribe(token, orgUuid, pm, { idempotency_key: `k-${orgUuid}` });
    const b = await subscribe(token, orgUuid, pm, { idempotency_key: `k-${orgUuid}` });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.data.id).toBe(a.body.data.id);
    const history = await h.rest('GET', '/subscription/billing-history', {
      token,
      query: { organization_uuid: orgUuid },
    });
    expect(history.body.data).toHaveLength(1);
    if (c.name === 'stripe') expect(stub.state.chargeCount - before).toBe(1);
  });

  // Webhook settlement exists only with Stripe: registered for that provider alone.
  if (c.name === 'stripe')
    it('settles a SEPA charge from its webhook, reading the current state back (out of order, duplicates)', async () => {
      const { token, orgUuid } = await owner();
      const res = await subscribe(token, orgUuid, await c.card(h, token, 'sepa'), {
        payment_type: 'direct_debit',
      });
      expect(res.status).toBe(201);
      const invoice = await h.db
        .selectFrom('invoices')
        .innerJoin('organizations', 'organizations.id', 'invoices.organization_id')
        .select(['invoices.provider_invoice_id'])
        .where('organizations.uuid', '=', orgUuid)
        .executeTakeFirstOrThrow();
      const piId = invoice.provider_invoice_id!;
      // The bank has since confirmed the debit; a stale "failed" event arrives first.
      stub.state.intentStatus.set(piId, 'succeeded');
      const post = (id: string, type: string) => {
        const payload = JSON.stringify({
          id,
          type,
          data: { object: { id: piId, object: 'payment_intent' } },
        });
        return h.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks/stripe',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': billingService.signStripePayload(
              payload,
              'whsec_stub',
              Math.floor(h.clock.now().getTime() / 1000),
            ),
          },
          payload,
        });
      };
      expect((await post(`evt_fail_${piId}`, 'payment_intent.payment_failed')).statusCode).toBe(
        200,
      );
      const history = async () =>
        (
          await h.rest('GET', '/subscription/billing-history', {
            token,
            query: { organization_uuid: orgUuid },
          })
        ).body.data[0].status;
      expect(await history()).toBe('paid');
      const again = await post(`evt_fail_${piId}`, 'payment_intent.payment_failed');
      expect(JSON.parse(again.body).duplicate).toBe(true);
      const sub = await h.rest('GET', '/subscription', {
        token,
        query: { organization_uuid: orgUuid },
      });
      expect(sub.body.data.status).toBe('active');
    });
});
