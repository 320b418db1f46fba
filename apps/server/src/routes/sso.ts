import type { FastifyInstance } from 'fastify';
import { ssoService, type AppDeps } from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { sendError } from '../rest/rest-door';

type StartQuery = { email?: string; connection?: string };
type CallbackQuery = Record<string, string | undefined>;

/**
 * Single sign-on's browser redirects (issue 37), beside the two doors:
 * - GET /api/v1/sso/start?email= → 302 to the identity provider (for links; the SPA uses
 *   POST /auth/sso/start); ?connection=<uuid> for the buttons of a tenant's login page;
 * - GET /api/v1/sso/oidc/callback → the identity provider's answer, then 302 to /login/sso with a
 *   one-time code, to /login with one clear message, or back to the Security tab after a test.
 */
export async function registerSsoRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Querystring: StartQuery }>('/api/v1/sso/start', async (request, reply) => {
    try {
      const connection =
        typeof request.query.connection === 'string' ? request.query.connection.slice(0, 64) : '';
      const email =
        typeof request.query.email === 'string' ? request.query.email.slice(0, 320) : '';
      // ?connection=: a button of the tenant's login page; ?email=: a link for a person.
      const started = connection
        ? await ssoService.startSsoForConnection(deps, requestInfoOf(request), connection)
        : await ssoService.startSsoForEmail(deps, requestInfoOf(request), email);
      return reply
        .code(302)
        .header('set-cookie', started.setCookies)
        .header('cache-control', 'no-store')
        .header('location', started.redirectUrl)
        .send();
    } catch (error) {
      return sendError(reply, error, deps);
    }
  });

  app.get<{ Querystring: CallbackQuery }>('/api/v1/sso/oidc/callback', async (request, reply) => {
    try {
      const query: Record<string, string> = {};
      for (const [key, value] of Object.entries(request.query ?? {}))
        if (typeof value === 'string') query[key] = value.slice(0, 4096);
      const result = await ssoService.handleOidcCallback(deps, requestInfoOf(request), query);
      if (result.setCookies.length > 0) reply.header('set-cookie', result.setCookies);
      return reply
        .code(302)
        .header('cache-control', 'no-store')
        .header('location', result.location)
        .send();
    } catch (error) {
      return sendError(reply, error, deps);
    }
  });
}
