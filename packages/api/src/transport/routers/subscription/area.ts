import { area } from '../../operation';

/** The operations tagged `subscription` in the OpenAPI document (see ../../operation.ts). */
export const subscription = area('subscription');
