import { area } from '../../operation';

/** The operations tagged `organizations` in the OpenAPI document (see ../../operation.ts). */
export const organizations = area('organizations');
