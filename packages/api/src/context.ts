import type { AppDeps } from './deps';
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
  session: SessionRow | null;
  /** Why there is no user although a token was sent: an unknown token, or an expired/revoked one. */
  authFailure: 'invalid' | 'expired' | null;
  /** Set-Cookie header values a procedure asks the door to send with its response. */
  setCookies: string[];
};

export function bearerTokenOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1];
}

export async function createContext(deps: AppDeps, req: RequestInfo): Promise<Context> {
  const auth = await resolveBearerToken(deps, bearerTokenOf(req.authorization));
  if (auth.status === 'ok')
    return {
      deps,
      req,
      user: auth.user,
      session: auth.session,
      authFailure: null,
      setCookies: [],
    };
  return {
    deps,
    req,
    user: null,
    session: null,
    authFailure: auth.status === 'none' ? null : auth.status,
    setCookies: [],
  };
}
