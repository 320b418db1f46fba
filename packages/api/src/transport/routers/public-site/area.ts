import { area } from '../../operation';

/** The operations tagged `public-site` in the OpenAPI document (see ../../operation.ts). */
export const publicSite = area('public-site');
