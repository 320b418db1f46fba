/** The API tokens area's public face: personal tokens, and how a call signed with one is resolved and guarded. */
export { createApiToken, listApiTokens, revokeApiToken, type ApiTokenView } from './api-tokens';
export { assertSignedIn, assertVerified, type CallerAuth } from './caller';
export { guardApiToken } from './guard';
export { resolveApiToken, type ApiTokenAuth } from './resolve-api-token';
export { isApiToken } from './token-format';
