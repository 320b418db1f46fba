import { randomBytes } from 'node:crypto';
import { PLANS, type PlanId } from '../../contracts/plans';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { enqueueJob } from '../../core/jobs/queue';
import type { ChargeKind, PaymentMethodRow } from '../../core/payments/provider';
import {
  BILLING_TEXTS,
  SEPA_DELAY_MS,
  SEPA_SETTLE_JOB,
  type Db,
  type InvoiceRow,
  type SubscriptionRow,
} from './shared';

/** Our own invoices (test mode) and the charges behind them. */
export type Line = { description: string; quantity: number; unit: number };

export async function nextInvoiceNumber(db: Db, now: Date): Promise<string> {
  const stamp = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `INV-${stamp}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export async function insertInvoice(
  db: Db,
  now: Date,
  sub: Pick<SubscriptionRow, 'id' | 'organization_id' | 'billing_details'>,
  input: {
    description: string;
    lines: Line[];
    status: 'paid' | 'pending' | 'failed';
    providerInvoiceId: string | null;
    periodStart?: Date | null;
    periodEnd?: Date | null;
    failureMessage?: string | null;
    nextAttemptAt?: Date | null;
  },
): Promise<InvoiceRow> {
  const total = input.lines.reduce((sum, l) => sum + l.quantity * l.unit, 0);
  const invoice = await db
    .insertInto('invoices')
    .values({
      number: await nextInvoiceNumber(db, now),
      subscription_id: sub.id,
      organization_id: sub.organization_id,
      description: input.description,
      status: input.status,
      total_pence: total,
      currency: 'GBP',
      provider_invoice_id: input.providerInvoiceId,
      hosted_url: null,
      pdf_url: null,
      billing_details: JSON.stringify(sub.billing_details),
      period_start: input.periodStart ?? null,
      period_end: input.periodEnd ?? null,
      failure_message: input.failureMessage ?? null,
      next_attempt_at: input.nextAttemptAt ?? null,
      paid_at: input.status === 'paid' ? now : null,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertInvoiceLines(
    db,
    invoice.id,
    input.lines.map((l) => ({ ...l, amount: l.quantity * l.unit })),
  );
  return invoice;
}

/** An invoice's lines (none: nothing to insert), each with its unit price and its amount. */
export async function insertInvoiceLines(
  db: Db,
  invoiceId: number,
  lines: (Line & { amount: number })[],
): Promise<void> {
  if (!lines.length) return;
  await db
    .insertInto('invoice_lines')
    .values(
      lines.map((l) => ({
        invoice_id: invoiceId,
        description: l.description,
        quantity: l.quantity,
        unit_amount_pence: l.unit,
        amount_pence: l.amount,
      })),
    )
    .execute();
}

export function planLines(plan: PlanId, venues: number, label = ''): Line[] {
  const lines: Line[] = [
    { description: `${PLANS[plan].name} plan${label}`, quantity: 1, unit: PLANS[plan].pricePence },
  ];
  if (plan === 'basic' && venues > 0) {
    lines.push({
      description: `Additional venues${label}`,
      quantity: venues,
      unit: PLANS.basic.additionalVenuePricePence,
    });
  }
  return lines;
}

export async function charge(
  deps: AppDeps,
  pm: PaymentMethodRow,
  amountPence: number,
  kind: ChargeKind,
  idempotencyKey: string,
  description: string,
) {
  if (amountPence <= 0)
    return { ok: true as const, status: 'paid' as const, providerInvoiceId: null };
  return deps.payments.charge({
    paymentMethod: pm,
    amountPence,
    kind,
    idempotencyKey,
    description,
  });
}

export async function enqueueSepaSettle(db: Db, now: Date, invoiceId: number) {
  await enqueueJob(db, {
    type: SEPA_SETTLE_JOB,
    payload: { invoice_id: invoiceId },
    runAt: new Date(now.getTime() + SEPA_DELAY_MS),
    uniqueKey: `sepa-settle:${invoiceId}`,
  });
}

export async function paymentMethodOf(db: Db, sub: SubscriptionRow): Promise<PaymentMethodRow> {
  const pm = sub.payment_method_id
    ? await db
        .selectFrom('payment_methods')
        .selectAll()
        .where('id', '=', sub.payment_method_id)
        .executeTakeFirst()
    : undefined;
  if (!pm) throw new AppError('CONFLICT', BILLING_TEXTS.paymentMethodNotFound);
  return pm;
}
