import type { ApiScope } from '../contracts/api-tokens';
import type { Context } from './context';
import { assertSignedIn, guardApiToken } from '../domain/api-tokens';
import type { SessionUser } from '../domain/sessions';

/** The refusal of a sessions-only operation to an API token. */
export const SESSIONS_ONLY_TEXT = 'API tokens cannot be used for this operation.';

/**
 * The pipeline's caller step (authedProcedure, and the file downloads of file-operations.ts):
 * assertSignedIn, and for an API token the scope check and its request budget, whose RateLimit
 * headers go into the context's response headers. `scope` undefined: sessions only.
 */
export async function signedInCaller(
  ctx: Context,
  scope: ApiScope | undefined,
): Promise<SessionUser> {
  const user = assertSignedIn(ctx);
  if (ctx.apiToken) await guardApiToken(ctx.deps, ctx.apiToken, scope, ctx.responseHeaders);
  return user;
}
