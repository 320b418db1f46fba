import {
  paymentMethodKind,
  type Obj,
  type StubInvoice,
  type StubSubscription,
  type StubWorld,
} from './stripe-stub-state';

export type Result = { status: number; body: unknown };
export const ok = (body: unknown): Result => ({ status: 200, body });
export const notFound = (what: string): Result => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', message: `No such ${what}` } },
});
export const declined = (): Result => ({
  status: 402,
  body: {
    error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
  },
});
export const list = (data: unknown[]) => ({
  object: 'list',
  data,
  has_more: false,
  url: '/v1/list',
});

export function invoiceJson(w: StubWorld, inv: StubInvoice) {
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

export function subscriptionJson(w: StubWorld, sub: StubSubscription) {
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

export const arr = (v: unknown) => (Array.isArray(v) ? v : []) as Obj[];

export function paymentMethodJson(w: StubWorld, id: string): Result {
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
