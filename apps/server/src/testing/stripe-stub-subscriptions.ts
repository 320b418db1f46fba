import type { Obj, StubInvoice, StubSubscription, StubWorld } from './stripe-stub-state';
import {
  arr,
  declined,
  invoiceJson,
  list,
  notFound,
  ok,
  subscriptionJson,
  type Result,
} from './stripe-stub-json';

export function createSubscription(w: StubWorld, p: Obj): Result {
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

export function updateSubscription(w: StubWorld, sub: StubSubscription, p: Obj): Result {
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
export function previewInvoice(w: StubWorld, p: Obj): Result {
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

export function payInvoice(w: StubWorld, inv: StubInvoice): Result {
  if (inv.status === 'paid') return ok(invoiceJson(w, inv));
  const outcome = w.attempt(inv);
  const sub = w.state.subscriptions.get(inv.subscription);
  if (outcome === 'declined') return declined();
  if (sub && sub.status === 'past_due' && outcome === 'paid') sub.status = 'active';
  return ok(invoiceJson(w, inv));
}
