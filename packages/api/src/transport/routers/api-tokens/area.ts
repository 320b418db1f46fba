import { area } from '../../operation';

/** The operations tagged `api-tokens` in the OpenAPI document (see ../../operation.ts). */
export const apiTokens = area('api-tokens');
