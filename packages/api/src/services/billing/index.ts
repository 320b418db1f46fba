/** What the server process needs from the billing area (routes, tests, seed). */
export { renderInvoiceHtml, renderInvoicePdf, invoiceForOwner } from './invoice-document';
export { handleStripeWebhook, signStripePayload, verifyStripeSignature } from './webhooks';
export { createSubscription, BILLING_TEXTS } from './billing';
export { runBillingSweep, settleSepaInvoice } from './renewals';
export { createTestPaymentMethod } from '../payments/test-payment-methods';
