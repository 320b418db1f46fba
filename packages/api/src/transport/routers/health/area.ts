import { area } from '../../operation';

/** The operations tagged `health` in the OpenAPI document (see ../../operation.ts). */
export const health = area('health');
