import { area } from '../../operation';

/** The operations tagged `support` in the OpenAPI document (see ../../operation.ts). */
export const support = area('support');
