import {
  paymentMethodKind,
  type Obj,
  type StubInvoice,
  type StubSubscription,
  type StubWorld,
} from './stripe-stub-state';

/** The Stripe endpoints the product calls, answered from the stub's world (see stripe-stub.ts). */
type Result = { status: number; body: unknown };
const ok = (body: unknown): Result => ({ status: 200, body });
const notFound = (what: string): Result => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', message: `No such ${what}` } },
});
const declined = (): Result => ({
  status: 402,
  body: {
    error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
  },
});
const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: '/v1/list' });

function invoiceJson(w: StubWorld, inv: StubInvoice) {
  return {
    id: inv.id,
    object: 'invoice',
    number: inv.number,
    customer: inv.customer,
    status: inv.status,
    attempted: inv.attempted,
    attempt_count: inv.attempts,
    billing_reason: inv.billing_reason,
    currency: 'gbp',
    total: inv.lines.reduce((s, l) => s + l.amount, 0),
    hosted_invoice_url: `https://invoice.stripe.test/i/${inv.id}`,
    invoice_pdf: `https://pay.stripe.test/invoice/${inv.id}/pdf`,
    period_start: inv.period_start,
    period_end: inv.period_end,
    created: inv.created,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: inv.subscription, metadata: {} },
      quote_details: null,
    },
    lines: list(inv.lines.map((l, i) => ({ id: `il_${inv.id}_${i}`, object: 'line_item', ...l }))),
    payments: list([
      {
        object: 'invoice_payment',
        payment: {
          type: 'payment_intent',
          payment_intent: { id: `pi_${inv.id}`, object: 'payment_intent', status: inv.piStatus },
        },
      },
    ]),
  };
}

function subscriptionJson(w: StubWorld, sub: StubSubscription) {
  const latest = sub.latest_invoice ? w.state.invoices.get(sub.latest_invoice) : undefined;
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancel_at_period_end,
    default_payment_method: sub.default_payment_method,
    metadata: sub.metadata,
    latest_invoice: latest ? invoiceJson(w, latest) : null,
    items: list(
      sub.items.map((i) => ({
        id: i.id,
        object: 'subscription_item',
        price: w.state.prices.get(i.price),
        quantity: i.quantity,
        current_period_start: sub.start,
        current_period_end: sub.end,
      })),
    ),
  };
}

const arr = (v: unknown) => (Array.isArray(v) ? v : []) as Obj[];

function createSubscription(w: StubWorld, p: Obj): Result {
  if (!w.state.customers.has(String(p.customer))) return notFound('customer');
  const items = arr(p.items).map((i) => ({
    id: w.id('si'),
    price: String(i.price),
    quantity: Number(i.quantity ?? 1),
  }));
  if (items.some((i) => !w.state.prices.has(i.price))) return notFound('price');
  const start = w.nowS();
  const sub: StubSubscription = {
    id: w.id('sub'),
    customer: String(p.customer),
    status: 'incomplete',
    cancel_at_period_end: false,
    items,
    start,
    end: w.addMonth(start),
    latest_invoice: null,
    default_payment_method: p.default_payment_method ? String(p.default_payment_method) : null,
    metadata: (p.metadata as Obj) ?? {},
  };
  const oneOff = arr(p.add_invoice_items).map((i) => {
    const quantity = Number(i.quantity ?? 1);
    const price = w.state.prices.get(String(i.price)) as { unit_amount: number };
    return {
      description: w.productName(String(i.price)),
      quantity,
      amount: price.unit_amount * quantity,
    };
  });
  w.state.subscriptions.set(sub.id, sub);
  const invoice = w.newInvoice(sub, 'subscription_create', [...oneOff, ...w.itemLines(items)]);
  sub.latest_invoice = invoice.id;
  const outcome = w.attempt(invoice);
  if (outcome === 'declined' && p.payment_behavior === 'error_if_incomplete') {
    w.state.subscriptions.delete(sub.id);
    w.state.invoices.delete(invoice.id);
    return declined();
  }
  sub.status = outcome === 'declined' ? 'incomplete' : 'active';
  return ok(subscriptionJson(w, sub));
}

/** The subscription's items after a change (`items` as Stripe takes them), or null (unknown item). */
function changedItems(sub: StubSubscription, changes: Obj[], newId: () => string) {
  const next = sub.items.map((i) => ({ ...i }));
  for (const change of changes) {
    const existing = change.id ? next.find((i) => i.id === change.id) : undefined;
    if (change.id && !existing) return null;
    if (existing && change.deleted === 'true') next.splice(next.indexOf(existing), 1);
    else if (existing) {
      if (change.price) existing.price = String(change.price);
      if (change.quantity !== undefined) existing.quantity = Number(change.quantity);
    } else {
      next.push({
        id: newId(),
        price: String(change.price),
        quantity: Number(change.quantity ?? 1),
      });
    }
  }
  return next;
}

/** Stripe's proration of a change at `at` (seconds; proration_date or now): by the second. */
function prorationAmount(
  w: StubWorld,
  sub: StubSubscription,
  next: StubSubscription['items'],
  at: number,
) {
  const fraction = Math.min(1, Math.max(0, (sub.end - at) / (sub.end - sub.start)));
  return Math.round((w.monthly(next) - w.monthly(sub.items)) * fraction);
}

/** Stripe refuses a proration_date outside the current period. */
function prorationDateOf(w: StubWorld, sub: StubSubscription, p: Obj): number | Result {
  if (p.proration_date === undefined) return w.nowS();
  const at = Number(p.proration_date);
  if (!Number.isInteger(at) || at < sub.start || at > sub.end)
    return {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          param: 'proration_date',
          message: 'proration_date must be within the current period of the subscription.',
        },
      },
    };
  return at;
}

function updateSubscription(w: StubWorld, sub: StubSubscription, p: Obj): Result {
  if (p.cancel_at_period_end !== undefined)
    sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
  if (p.default_payment_method) sub.default_payment_method = String(p.default_payment_method);
  if (!p.items) return ok(subscriptionJson(w, sub));
  const next = changedItems(sub, arr(p.items), () => w.id('si'));
  if (!next) return notFound('subscription item');
  if (p.proration_behavior === 'always_invoice') {
    const at = prorationDateOf(w, sub, p);
    if (typeof at !== 'number') return at;
    w.state.prorationDates.push(p.proration_date === undefined ? null : at);
    const amount = prorationAmount(w, sub, next, at);
    if (amount > 0) {
      const invoice = w.newInvoice(sub, 'subscription_update', [
        { description: 'Remaining time (prorated)', quantity: 1, amount },
      ]);
      invoice.period_start = w.nowS();
      if (w.attempt(invoice) === 'declined' && p.payment_behavior === 'error_if_incomplete') {
        w.state.invoices.delete(invoice.id);
        return declined();
      }
      sub.latest_invoice = invoice.id;
    }
  }
  sub.items = next;
  return ok(subscriptionJson(w, sub));
}

/** POST /v1/invoices/create_preview: the proration invoice an always_invoice update would create. */
function previewInvoice(w: StubWorld, p: Obj): Result {
  const sub = w.state.subscriptions.get(String(p.subscription));
  if (!sub) return notFound('subscription');
  const details = (p.subscription_details as Obj | undefined) ?? {};
  const next = changedItems(sub, arr(details.items), () => 'si_preview');
  if (!next) return notFound('subscription item');
  const at = prorationDateOf(w, sub, details);
  if (typeof at !== 'number') return at;
  const amount = prorationAmount(w, sub, next, at);
  const lines = [{ description: 'Remaining time (prorated)', quantity: 1, amount }];
  return ok({
    object: 'invoice',
    id: null,
    customer: sub.customer,
    currency: 'gbp',
    total: amount,
    amount_due: Math.max(0, amount),
    subscription_proration_date: at,
    lines: list(lines.map((l, i) => ({ id: `il_preview_${i}`, object: 'line_item', ...l }))),
  });
}

function payInvoice(w: StubWorld, inv: StubInvoice): Result {
  if (inv.status === 'paid') return ok(invoiceJson(w, inv));
  const outcome = w.attempt(inv);
  const sub = w.state.subscriptions.get(inv.subscription);
  if (outcome === 'declined') return declined();
  if (sub && sub.status === 'past_due' && outcome === 'paid') sub.status = 'active';
  return ok(invoiceJson(w, inv));
}

function paymentMethodJson(w: StubWorld, id: string): Result {
  const kind = paymentMethodKind(id);
  if (!kind) return notFound('PaymentMethod');
  return ok({
    id,
    object: 'payment_method',
    type: kind.type,
    customer: w.state.attached.get(id) ?? null,
    ...(kind.type === 'card'
      ? { card: { brand: 'visa', last4: kind.last4 } }
      : { sepa_debit: { last4: kind.last4 } }),
  });
}

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
