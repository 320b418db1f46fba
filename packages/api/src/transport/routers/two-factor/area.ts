import { area } from '../../operation';

/** The operations tagged `two-factor` in the OpenAPI document (see ../../operation.ts). */
export const twoFactor = area('two-factor');
