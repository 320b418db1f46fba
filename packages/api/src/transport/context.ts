import type { AppDeps } from '../core/app-deps';
import { type ApiTokenAuth, isApiToken, resolveApiToken } from '../domain/api-tokens';
import { reportingRateLimiter } from '../core/rate-limit/rate-limit-scope';
import { resolveBearerToken, type SessionRow, type SessionUser } from '../domain/sessions';

/*
 * The one per-request context of the pipeline (issue 35): built by each door once per request
 * (createContext), read by the builders of trpc.ts and by procedures, never by services — a
 * procedure passes a service what it needs (deps, the user, ctx.req as the ClientInfo of
 * core/client-info.ts) as arguments.
 */

/** What the server knows about the HTTP request, independent of the door it came through. */
export type RequestInfo = {
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  host: string | null;
  authorization: string | undefined;
  /**
   * The Idempotency-Key header: an operation whose meta says `idempotent` runs once per key
   * (the idempotency middleware of trpc.ts), whichever door it came through.
   */
  idempotencyKey?: string | undefined;
  /**
   * The declared size of the body (Content-Length): an upload (meta.multipart) larger than its
   * files' limits allow is refused before its form is read (the tRPC door buffers a form whole).
   */
  bodyBytes?: number | undefined;
  /** The raw Cookie header; only the two-factor sign-in step reads a cookie. */
  cookie?: string | undefined;
  /**
   * Who called, set by createContext once the token is resolved: ids only, for the server's
   * access log line (never the token).
   */
  caller?: { userId: number; apiTokenId: number | null } | undefined;
};

export type Context = {
  deps: AppDeps;
  req: RequestInfo;
  user: SessionUser | null;
  /** Signed in with a session token (the web app, POST /auth/login). */
  session: SessionRow | null;
  /** Signed in with a personal API token (`scmp_pat_…`) instead: its scopes bound every call. */
  apiToken: ApiTokenAuth | null;
  /** Why there is no user although a token was sent: an unknown token, or an expired/revoked one. */
  authFailure: 'invalid' | 'expired' | null;
  /** Set-Cookie header values a procedure asks the door to send with its response. */
  setCookies: string[];
  /** Other response headers for the door to send (RateLimit on API-token calls). */
  responseHeaders: Record<string, string>;
};

export function bearerTokenOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1];
}

export async function createContext(deps: AppDeps, req: RequestInfo): Promise<Context> {
  const token = bearerTokenOf(req.authorization);
  // The request's own deps: its rate limiter reports the throttles a call passes on this
  // response's headers (request-scoped rate-limit state, handed to services with the deps). The
  // rest is the server's deps, reached through the prototype: a copy of all of them for every
  // request was ~1 KB of garbage each (nothing spreads or enumerates deps).
  const responseHeaders: Record<string, string> = {};
  const requestDeps = Object.create(deps) as AppDeps;
  requestDeps.rateLimiter = reportingRateLimiter(deps.rateLimiter, responseHeaders);
  const base = { deps: requestDeps, req, setCookies: [], responseHeaders };
  if (token && token.length <= 200 && isApiToken(token)) {
    const auth = await resolveApiToken(deps, token, req.ip);
    if (auth.status === 'ok') {
      req.caller = { userId: auth.user.id, apiTokenId: auth.apiToken.id };
      return {
        ...base,
        user: auth.user,
        session: null,
        apiToken: auth.apiToken,
        authFailure: null,
      };
    }
    return { ...base, user: null, session: null, apiToken: null, authFailure: auth.status };
  }
  const auth = await resolveBearerToken(deps, token);
  if (auth.status === 'ok') {
    req.caller = { userId: auth.user.id, apiTokenId: null };
    return { ...base, user: auth.user, session: auth.session, apiToken: null, authFailure: null };
  }
  return {
    ...base,
    user: null,
    session: null,
    apiToken: null,
    authFailure: auth.status === 'none' ? null : auth.status,
  };
}
