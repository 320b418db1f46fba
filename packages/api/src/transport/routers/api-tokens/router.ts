import { router } from '../../trpc';
import { createApiToken } from './create-api-token';
import { listApiTokens } from './list-api-tokens';
import { revokeApiToken } from './revoke-api-token';

/** The signed-in user's personal API tokens (sessions only: a token cannot manage tokens). */
export const apiTokensRouter = router({
  list: listApiTokens,
  create: createApiToken,
  revoke: revokeApiToken,
});
