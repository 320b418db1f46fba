import { area } from '../../operation';

/** The operations tagged `passkeys` in the OpenAPI document (see ../../operation.ts). */
export const passkeys = area('passkeys');
