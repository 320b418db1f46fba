import { access, area } from '../../operation';

/** The operations tagged `webhooks` in the OpenAPI document (see ../../operation.ts). */
export const webhooks = area('webhooks');

/** Reads webhooks: the organization's admins, or an API token with webhooks:read. */
export const readWebhooks = access('webhooks:read', 'manage');

/** Changes webhooks: the organization's admins, or an API token with webhooks:write. */
export const writeWebhooks = access('webhooks:write', 'manage');
