import {
  API_TOKEN_REQUESTS_PER_MINUTE,
  API_TOKEN_TEXTS,
  type ApiScope,
} from '../../contracts/api-tokens';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { rateLimitHeaders } from '../../core/rate-limit/rate-limit-headers';
import { tooManyRequests } from '../../core/rate-limit/rate-limiter';
import type { ApiTokenAuth } from './resolve-api-token';

const WINDOW_SECONDS = 60;

/**
 * Every call made with an API token: the operation must declare a scope the token holds, and the
 * token spends one request of its per-minute budget (RateLimit headers on the answer, 429 when
 * it is spent). Called before the operation runs, so a refused call changes nothing. The
 * headers go into `responseHeaders`, the response's headers the door sends.
 */
export async function guardApiToken(
  deps: Pick<AppDeps, 'rateLimiter'>,
  token: ApiTokenAuth | null,
  scope: ApiScope | undefined,
  responseHeaders: Record<string, string>,
): Promise<void> {
  if (!token) return;
  if (!scope) throw new AppError('FORBIDDEN', API_TOKEN_TEXTS.notForTokens);
  if (!token.scopes.includes(scope)) {
    throw new AppError('INSUFFICIENT_SCOPE', API_TOKEN_TEXTS.insufficientScope(scope), {
      extra: { required_scope: scope },
    });
  }
  const result = await deps.rateLimiter.hit(
    `api-token:${token.id}`,
    API_TOKEN_REQUESTS_PER_MINUTE,
    WINDOW_SECONDS,
  );
  const headers = rateLimitHeaders(API_TOKEN_REQUESTS_PER_MINUTE, WINDOW_SECONDS, result);
  if (!result.allowed) {
    const error = tooManyRequests(
      result.retryAfterSeconds,
      `This API token made more than ${API_TOKEN_REQUESTS_PER_MINUTE} requests in a minute. Please try again in ${result.retryAfterSeconds} seconds.`,
    );
    Object.assign(error.headers ?? {}, headers);
    throw error;
  }
  Object.assign(responseHeaders, headers);
}
