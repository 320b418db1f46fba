import { area } from '../../operation';

/** The operations tagged `profile` in the OpenAPI document (see ../../operation.ts). */
export const profile = area('profile');
