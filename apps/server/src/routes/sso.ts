import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, ssoService, type AppDeps } from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { sendError } from '../rest/rest-door';

type StartQuery = { email?: string; connection?: string };
type CallbackQuery = Record<string, string | undefined>;
type SamlParams = { uuid: string };
/** A SAMLResponse form post (base64 XML) is at most this large. */
const SAML_FORM_LIMIT = 1024 * 1024;

/** A redirect no cache may keep, with the cookies the step set (none: no Set-Cookie header). */
function redirect(reply: FastifyReply, code: 302 | 303, location: string, cookies: string[]) {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.code(code).header('cache-control', 'no-store').header('location', location).send();
}

/**
 * Single sign-on's browser redirects (issue 37), beside the two doors:
 * - GET /api/v1/sso/start?email= → 302 to the identity provider (for links; the SPA uses
 *   POST /auth/sso/start); ?connection=<uuid> for the buttons of a tenant's login page;
 * - GET /api/v1/sso/oidc/callback → the identity provider's answer, then 302 to /login/sso with a
 *   one-time code, to /login with one clear message, or back to the Security tab after a test;
 * - GET /api/v1/sso/saml/{uuid}/metadata → SCMP's SAML service-provider metadata (XML);
 * - POST /api/v1/sso/saml/{uuid}/acs → the SAML identity provider's response (a form post), then
 *   the same 302s as the OIDC callback.
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
      return redirect(reply, 302, started.redirectUrl, started.setCookies);
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
      return redirect(reply, 302, result.location, result.setCookies);
    } catch (error) {
      return sendError(reply, error, deps);
    }
  });

  app.get<{ Params: SamlParams }>('/api/v1/sso/saml/:uuid/metadata', async (request, reply) => {
    try {
      const xml = await ssoService.samlServiceProviderMetadata(deps, request.params.uuid);
      if (xml === null) throw new AppError('NOT_FOUND', 'Connection not found');
      return reply
        .code(200)
        .header('content-type', 'application/samlmetadata+xml; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(xml);
    } catch (error) {
      return sendError(reply, error, deps);
    }
  });

  // The identity provider's form post: urlencoded bodies are parsed for this route only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: SAML_FORM_LIMIT },
      (_req, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        const form: Record<string, string> = {};
        for (const [key, value] of new URLSearchParams(text)) if (!(key in form)) form[key] = value;
        done(null, form);
      },
    );
    scope.post<{ Params: SamlParams; Body: Record<string, string> | undefined }>(
      '/api/v1/sso/saml/:uuid/acs',
      { bodyLimit: SAML_FORM_LIMIT },
      async (request, reply) => {
        try {
          const form = request.body && typeof request.body === 'object' ? request.body : {};
          const result = await ssoService.handleSamlAcs(
            deps,
            requestInfoOf(request),
            request.params.uuid,
            {
              SAMLResponse: typeof form.SAMLResponse === 'string' ? form.SAMLResponse : undefined,
            },
          );
          // 303: the browser follows the form post with a GET.
          return redirect(reply, 303, result.location, result.setCookies);
        } catch (error) {
          return sendError(reply, error, deps);
        }
      },
    );
  });
}
