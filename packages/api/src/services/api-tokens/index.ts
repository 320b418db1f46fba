export { createApiToken, listApiTokens, revokeApiToken, type ApiTokenView } from './api-tokens';
export { resolveApiToken, type ApiTokenAuth } from './resolve-api-token';
export { isApiToken } from './token-format';
