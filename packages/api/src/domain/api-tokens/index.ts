/** The API tokens area's public face: personal tokens, and how a call signed with one is resolved and guarded. */
export { createApiToken, listApiTokens, revokeApiToken } from './api-tokens';
export type { ApiTokenView } from './api-token-schema';
export { assertSignedIn, assertVerified, type CallerAuth } from './caller';
export { guardApiToken } from './guard';
export { resolveApiToken, type ApiTokenAuth } from './resolve-api-token';
export { isApiToken } from './token-format';
export { apiTokenOutput, createdApiTokenOutput } from './api-token-schema';
