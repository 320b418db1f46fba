/** What the server process needs from the billing area (routes, tests, seed). */
export { renderInvoiceHtml, renderInvoicePdf, invoiceForOwner } from './invoice-document';
export { handleStripeWebhook, signStripePayload, verifyStripeSignature } from './webhooks';
export { createSubscription } from './subscribe';
export { BILLING_TEXTS } from './shared';
export { runBillingSweep, settleSepaInvoice } from './renewals';
export { createTestPaymentMethod } from '../../core/payments/test-payment-methods';
export { invoicedMonthly } from './invoiced-monthly';
export { addLocations, removeLocations } from './locations';
export { createSetupIntent, updatePaymentMethod } from './payment-methods';
export { cancelSubscription, changePlan, previewChange } from './plan-changes';
export { billingConfig, billingHistory, getSubscription, invoiceItemOf, toOutput } from './queries';
export { assertDeployAllowed } from './seams';
export { findSubscription } from './shared';
export { cancelStripeSubscription } from './stripe-lifecycle';
export { isStripeManaged } from './stripe-sync';
export {
  billingHistoryItemSchema,
  invoicedMonthlySchema,
  previewSchema,
  subscriptionSchema,
} from './subscription-schema';
export { billingJobHandlers, billingSweepTask } from './worker';
