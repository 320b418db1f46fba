import type { AppDeps } from './deps';
import { isApiToken, resolveApiToken, type ApiTokenAuth } from './services/api-tokens';
import { resolveBearerToken, type SessionRow, type SessionUser } from './services/sessions';

/** What the server knows about the HTTP request, independent of the door it came through. */
export type RequestInfo = {
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  host: string | null;
  authorization: string | undefined;
  /** The raw Cookie header; only the two-factor sign-in step reads a cookie. */
  cookie?: string | undefined;
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
  const base = { deps, req, setCookies: [], responseHeaders: {} };
  if (token && token.length <= 200 && isApiToken(token)) {
    const auth = await resolveApiToken(deps, token, req.ip);
    if (auth.status === 'ok') {
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
