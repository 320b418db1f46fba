import { z } from 'zod';
import { SSO_TEXTS } from '../../contracts/sso';
import { envelope, ok } from '../../lib/envelope';
import { completeSsoSignIn, startSsoForEmail, tenantConnections } from '../../services/sso';
import { publicProcedure } from '../../trpc';
import { emailField } from '../auth/schemas';
import { toUserOutput, userOutput } from '../../services/accounts';

/** POST /auth/sso/start { email } → { redirect_url } (the web app's Sign in with SSO). */
export const startSso = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/sso/start',
      tags: ['auth'],
      summary:
        'Start single sign-on for an e-mail at a verified domain; open redirect_url in the browser',
      description:
        'Sets an HttpOnly cookie that binds the sign-in to this browser. 404 when no organization ' +
        'has verified the domain with a connection. For links, GET /api/v1/sso/start?email= answers 302.',
      protect: false,
    },
  })
  .input(z.object({ email: emailField }))
  .output(envelope(z.object({ redirect_url: z.string() })))
  .mutation(async ({ ctx, input }) => {
    const started = await startSsoForEmail(ctx.deps, ctx.req, input.email);
    ctx.setCookies.push(...started.setCookies);
    return ok({ redirect_url: started.redirectUrl });
  });

/** POST /auth/sso/complete { code }: the one-time code of the callback → a session. */
export const completeSso = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/sso/complete',
      tags: ['auth'],
      summary:
        'Finish single sign-on: exchange the one-time code from /login/sso?code= for a session (same browser only)',
      protect: false,
    },
  })
  .input(z.object({ code: z.string().min(1).max(200) }))
  .output(envelope(z.object({ user: userOutput, token: z.string() })))
  .mutation(async ({ ctx, input }) => {
    const done = await completeSsoSignIn(ctx.deps, ctx.req, input.code);
    ctx.setCookies.push(...done.setCookies);
    return ok({ user: toUserOutput(done.user), token: done.token }, SSO_TEXTS.signedIn);
  });

/** GET /public/tenant/{slug}/sso-connections: the buttons of a tenant's own login page. */
export const tenantSsoConnections = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/public/tenant/{slug}/sso-connections',
      tags: ['public-site'],
      summary:
        'The single sign-on connections a tenant’s login page offers ("Sign in with <display_name>")',
      description:
        'No authentication. Names and start links only (start_url answers 302 to the identity ' +
        'provider). 404 for an unknown or inactive tenant.',
      protect: false,
    },
  })
  .input(
    z.object({
      slug: z.string().max(100, 'The tenant slug may not be longer than 100 characters.'),
    }),
  )
  .output(
    envelope(
      z.array(z.object({ uuid: z.string(), display_name: z.string(), start_url: z.string() })),
    ),
  )
  .query(async ({ ctx, input }) => ok(await tenantConnections(ctx.deps, input.slug)));
