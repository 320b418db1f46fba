import { area } from '../../operation';

/** The operations tagged `webhooks` in the OpenAPI document (see ../../operation.ts). */
export const webhooks = area('webhooks');
