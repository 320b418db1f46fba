import { area } from '../../operation';

/** The operations tagged `sso` in the OpenAPI document (see ../../operation.ts). */
export const sso = area('sso');
