/**
 * The in-memory world of the local Stripe stub: customers, catalogue, subscriptions, invoices,
 * setup intents and payment methods, with the billing rules the product relies on (first
 * invoice with the setup fee, prorated always_invoice updates, cancel at period end).
 * Payment methods behave by their id prefix, like Stripe's test tokens.
 */
type Behaviour = 'ok' | 'decline' | 'sepa' | 'renewal_fails';
export type Obj = Record<string, unknown>;

const PM_KINDS: Array<[string, Behaviour, 'card' | 'sepa_debit', string]> = [
  ['pm_card_ok', 'ok', 'card', '4242'],
  ['pm_card_declined', 'decline', 'card', '0002'],
  ['pm_card_renewal_fails', 'renewal_fails', 'card', '0341'],
  ['pm_sepa_ok', 'sepa', 'sepa_debit', '3000'],
];

export function paymentMethodKind(id: string) {
  const found = PM_KINDS.find(([prefix]) => id === prefix || id.startsWith(`${prefix}_`));
  return found ? { behaviour: found[1], type: found[2], last4: found[3] } : null;
}

export class StripeCardError extends Error {}

type Item = { id: string; price: string; quantity: number };
export type StubSubscription = {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  items: Item[];
  start: number;
  end: number;
  latest_invoice: string | null;
  default_payment_method: string | null;
  metadata: Obj;
};
export type StubInvoice = {
  id: string;
  number: string;
  customer: string;
  subscription: string;
  status: 'draft' | 'open' | 'paid' | 'void';
  attempted: boolean;
  piStatus: string;
  billing_reason: string;
  lines: Array<{ description: string; quantity: number; amount: number }>;
  period_start: number;
  period_end: number;
  created: number;
  attempts: number;
};

/** One calendar month later (UTC), clamped to the month's last day (like Stripe's anchors). */
function addMonth(seconds: number): number {
  const d = new Date(seconds * 1000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return Math.floor(d.getTime() / 1000);
}

export function createStubState() {
  let seq = 0;
  const id = (prefix: string) => `${prefix}_stub${(seq += 1)}`;
  const state = {
    now: () => new Date(),
    customers: new Map<string, Obj>(),
    products: new Map<string, Obj>(),
    prices: new Map<string, Obj>(),
    subscriptions: new Map<string, StubSubscription>(),
    invoices: new Map<string, StubInvoice>(),
    setupIntents: new Map<string, Obj>(),
    /** Which customer each payment method is attached to. */
    attached: new Map<string, string>(),
    /** Every payment attempt on an invoice (a retried request must not add one). */
    paymentAttempts: 0,
    /** proration_date of every always_invoice update (null: none given, prorated at "now"). */
    prorationDates: [] as Array<number | null>,
  };
  const nowS = () => Math.floor(state.now().getTime() / 1000);
  const priceOf = (priceId: string) => state.prices.get(priceId) as Obj & { unit_amount: number };
  const monthly = (items: Item[]) =>
    items.reduce((sum, i) => sum + priceOf(i.price).unit_amount * i.quantity, 0);
  const productName = (priceId: string) =>
    String(state.products.get(String(priceOf(priceId).product))?.name ?? 'Item');

  function itemLines(items: Item[]) {
    return items
      .filter((i) => i.quantity > 0)
      .map((i) => ({
        description: `${i.quantity} × ${productName(i.price)}`,
        quantity: i.quantity,
        amount: priceOf(i.price).unit_amount * i.quantity,
      }));
  }

  function newInvoice(sub: StubSubscription, reason: string, lines: StubInvoice['lines']) {
    const invoice: StubInvoice = {
      id: id('in'),
      number: `STUB-${String(seq).padStart(4, '0')}`,
      customer: sub.customer,
      subscription: sub.id,
      status: 'open',
      attempted: false,
      piStatus: 'requires_payment_method',
      billing_reason: reason,
      lines,
      period_start: sub.start,
      period_end: sub.end,
      created: nowS(),
      attempts: 0,
    };
    state.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** Attempts the invoice with the subscription's (or customer's) default payment method. */
  function attempt(invoice: StubInvoice, pmOverride?: string): 'paid' | 'processing' | 'declined' {
    const sub = state.subscriptions.get(invoice.subscription);
    const customer = state.customers.get(invoice.customer) as
      { invoice_settings?: { default_payment_method?: string } } | undefined;
    const pm =
      pmOverride ??
      sub?.default_payment_method ??
      customer?.invoice_settings?.default_payment_method ??
      '';
    const kind = paymentMethodKind(pm);
    state.paymentAttempts += 1;
    invoice.attempted = true;
    invoice.attempts += 1;
    const total = invoice.lines.reduce((s, l) => s + l.amount, 0);
    const declines =
      !kind ||
      kind.behaviour === 'decline' ||
      (kind.behaviour === 'renewal_fails' && invoice.billing_reason === 'subscription_cycle');
    if (total <= 0 || (!declines && kind?.behaviour !== 'sepa')) {
      invoice.status = 'paid';
      invoice.piStatus = 'succeeded';
      return 'paid';
    }
    if (!declines) {
      invoice.piStatus = 'processing';
      return 'processing';
    }
    invoice.piStatus = 'requires_payment_method';
    return 'declined';
  }

  return {
    state,
    id,
    nowS,
    monthly,
    itemLines,
    newInvoice,
    attempt,
    addMonth,
    productName,
    /** The bank settles an open invoice (SEPA) or refuses it; the subscription follows. */
    settleInvoice(invoiceId: string, outcome: 'paid' | 'failed') {
      const invoice = state.invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      invoice.attempted = true;
      invoice.status = outcome === 'paid' ? 'paid' : 'open';
      invoice.piStatus = outcome === 'paid' ? 'succeeded' : 'requires_payment_method';
      const sub = state.subscriptions.get(invoice.subscription);
      if (sub) sub.status = outcome === 'paid' ? 'active' : 'past_due';
    },
    /** The period ends: Stripe starts the next one and invoices it (subscription_cycle). */
    renew(subscriptionId: string) {
      const sub = state.subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      sub.start = sub.end;
      sub.end = addMonth(sub.start);
      const invoice = newInvoice(sub, 'subscription_cycle', itemLines(sub.items));
      sub.latest_invoice = invoice.id;
      const outcome = attempt(invoice);
      sub.status = outcome === 'declined' ? 'past_due' : 'active';
      return invoice;
    },
  };
}

export type StubWorld = ReturnType<typeof createStubState>;
