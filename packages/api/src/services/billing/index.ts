/** What the server process needs from the billing area (routes, tests, seed). */
export { renderInvoiceHtml, renderInvoicePdf, invoiceForOwner } from './invoice-document';
export { handleStripeWebhook, signStripePayload, verifyStripeSignature } from './webhooks';
export { createSubscription } from './subscribe';
export { BILLING_TEXTS } from './shared';
export { runBillingSweep, settleSepaInvoice } from './renewals';
export { createTestPaymentMethod } from '../payments/test-payment-methods';
