export { createApiToken, listApiTokens, revokeApiToken } from './api-tokens';
export type { ApiTokenView } from './api-token-schema';
export { resolveApiToken, type ApiTokenAuth } from './resolve-api-token';
export { isApiToken } from './token-format';
