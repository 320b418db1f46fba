import { area } from '../../operation';

/** The operations tagged `auth` in the OpenAPI document (see ../../operation.ts). */
export const auth = area('auth');
