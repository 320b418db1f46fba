import type { AppDeps } from './app-deps';
import type { Context, RequestInfo } from './request-context';
import { isApiToken, resolveApiToken } from './services/api-tokens';
import { resolveBearerToken } from './services/sessions';

export type { Context, RequestInfo } from './request-context';

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
