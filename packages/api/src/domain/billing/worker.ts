import type { JobHandler } from '../../core/jobs/types';
import { SEPA_SETTLE_JOB } from './shared';
import { runBillingSweep, settleSepaInvoice } from './renewals';

/** Job handlers of the billing area (SEPA settlement after its processing delay). */
export const billingJobHandlers: Record<string, JobHandler> = {
  [SEPA_SETTLE_JOB]: async (deps, payload) => {
    await settleSepaInvoice(deps, Number(payload.invoice_id));
  },
};

/** Renewals, dunning retries, grace-period suspension and cancellation ends, once a minute. */
export const billingSweepTask = {
  name: 'billing-sweep',
  everyMs: 60_000,
  run: runBillingSweep,
};
