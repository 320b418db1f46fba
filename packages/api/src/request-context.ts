import type { AppDeps } from './app-deps';
import type { ApiTokenAuth } from './services/api-tokens/resolve-api-token';
import type { SessionRow, SessionUser } from './services/sessions';

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
