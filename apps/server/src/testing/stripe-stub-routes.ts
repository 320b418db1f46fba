import { paymentMethodKind, type Obj, type StubWorld } from './stripe-stub-state';
import {
  arr,
  invoiceJson,
  list,
  notFound,
  ok,
  paymentMethodJson,
  subscriptionJson,
  type Result,
} from './stripe-stub-json';
import {
  createSubscription,
  payInvoice,
  previewInvoice,
  updateSubscription,
} from './stripe-stub-subscriptions';

/** The Stripe endpoints the product calls, answered from the stub's world (see stripe-stub.ts). */
export function handleStubRequest(w: StubWorld, method: string, path: string, p: Obj): Result {
  const s = w.state;
  const m = (re: RegExp) => re.exec(path)?.[1];
  if (method === 'GET' && path === '/v1/prices') {
    const keys = arr(p.lookup_keys).map(String);
    return ok(list([...s.prices.values()].filter((x) => keys.includes(String(x.lookup_key)))));
  }
  if (method === 'POST' && path === '/v1/products') {
    const product = { id: w.id('prod'), object: 'product', name: p.name, metadata: p.metadata };
    s.products.set(product.id, product);
    return ok(product);
  }
  if (method === 'POST' && path === '/v1/prices') {
    if (p.transfer_lookup_key === 'true')
      for (const other of s.prices.values())
        if (other.lookup_key === p.lookup_key) other.lookup_key = null;
    const recurring = p.recurring as Obj | undefined;
    const price = {
      id: w.id('price'),
      object: 'price',
      product: p.product,
      unit_amount: Number(p.unit_amount),
      currency: p.currency,
      lookup_key: p.lookup_key ?? null,
      active: true,
      recurring: recurring ? { interval: recurring.interval } : null,
    };
    s.prices.set(price.id, price);
    return ok(price);
  }
  if (method === 'POST' && path === '/v1/customers') {
    const customer = { id: w.id('cus'), object: 'customer', ...p };
    s.customers.set(customer.id, customer);
    return ok(customer);
  }
  const cus = m(/^\/v1\/customers\/([^/]+)$/);
  if (method === 'POST' && cus) {
    const customer = s.customers.get(cus);
    if (!customer) return notFound('customer');
    Object.assign(customer, p);
    return ok(customer);
  }
  const pmAttach = m(/^\/v1\/payment_methods\/([^/]+)\/attach$/);
  if (method === 'POST' && pmAttach) {
    if (!paymentMethodKind(pmAttach)) return notFound('PaymentMethod');
    s.attached.set(pmAttach, String(p.customer));
    return paymentMethodJson(w, pmAttach);
  }
  const pm = m(/^\/v1\/payment_methods\/([^/]+)$/);
  if (method === 'GET' && pm) return paymentMethodJson(w, pm);
  if (method === 'POST' && path === '/v1/subscriptions') return createSubscription(w, p);
  const subId = m(/^\/v1\/subscriptions\/([^/]+)$/);
  const sub = subId ? s.subscriptions.get(subId) : undefined;
  if (subId && !sub) return notFound('subscription');
  if (method === 'GET' && sub) return ok(subscriptionJson(w, sub));
  if (method === 'POST' && sub) return updateSubscription(w, sub, p);
  if (method === 'GET' && path === '/v1/invoices') {
    const found = [...s.invoices.values()].filter(
      (i) =>
        (!p.subscription || i.subscription === p.subscription) &&
        (!p.status || i.status === p.status),
    );
    return ok(list(found.map((i) => invoiceJson(w, i))));
  }
  if (method === 'POST' && path === '/v1/invoices/create_preview') return previewInvoice(w, p);
  const payId = m(/^\/v1\/invoices\/([^/]+)\/pay$/);
  if (method === 'POST' && payId) {
    const inv = s.invoices.get(payId);
    return inv ? payInvoice(w, inv) : notFound('invoice');
  }
  const invId = m(/^\/v1\/invoices\/([^/]+)$/);
  if (method === 'GET' && invId) {
    const inv = s.invoices.get(invId);
    return inv ? ok(invoiceJson(w, inv)) : notFound('invoice');
  }
  if (method === 'POST' && path === '/v1/setup_intents') {
    const si = {
      id: w.id('seti'),
      object: 'setup_intent',
      status: 'requires_payment_method',
      customer: p.customer ?? null,
      payment_method: null,
      metadata: p.metadata ?? {},
      last_setup_error: null,
    };
    s.setupIntents.set(si.id, { ...si, client_secret: `${si.id}_secret_stub` });
    return ok(s.setupIntents.get(si.id));
  }
  const seti = m(/^\/v1\/setup_intents\/([^/]+)$/);
  if (method === 'GET' && seti) {
    const si = s.setupIntents.get(seti);
    return si ? ok(si) : notFound('setup_intent');
  }
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `Unhandled ${method} ${path}` } },
  };
}
