import { area } from '../../operation';

/** The operations tagged `branding` in the OpenAPI document (see ../../operation.ts). */
export const branding = area('branding');
