import { area } from '../../operation';

/** The operations tagged `privacy` in the OpenAPI document (see ../../operation.ts). */
export const privacy = area('privacy');
