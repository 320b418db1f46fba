import { access, area } from '../../operation';

/** The operations tagged `subscription` in the OpenAPI document (see ../../operation.ts). */
export const subscription = area('subscription');

/** Reads the subscription and invoices: who may view billing, or an API token with billing:read. */
export const viewBilling = access('billing:read', 'viewBilling');

/** Changes the subscription or payment method: who may manage billing, or an API token with billing:write. */
export const manageBilling = access('billing:write', 'manageBilling');
