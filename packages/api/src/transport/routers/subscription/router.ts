import { router } from '../../trpc';
import { addLocations } from './add-locations';
import { cancelSubscription } from './cancel-subscription';
import { changePlan } from './change-plan';
import { createSetupIntent } from './create-setup-intent';
import { createSubscription } from './create-subscription';
import { createTestPaymentMethod } from './create-test-payment-method';
import { getBillingHistory } from './get-billing-history';
import { getInvoicedMonthly } from './get-invoiced-monthly';
import { getSubscription } from './get-subscription';
import { getSubscriptionConfig } from './get-subscription-config';
import { previewChange } from './preview-change';
import { removeLocations } from './remove-locations';
import { updatePaymentMethod } from './update-payment-method';

/** Procedures of the subscription area. */
export const subscriptionRouter = router({
  config: getSubscriptionConfig,
  setupIntent: createSetupIntent,
  create: createSubscription,
  get: getSubscription,
  billingHistory: getBillingHistory,
  invoicedMonthly: getInvoicedMonthly,
  preview: previewChange,
  changePlan,
  cancel: cancelSubscription,
  addLocations,
  removeLocations,
  updatePaymentMethod,
  createTestPaymentMethod,
});
