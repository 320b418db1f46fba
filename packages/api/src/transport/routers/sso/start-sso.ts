import { envelope, ok } from '../../envelope';
import { ssoRedirectOutput, startSsoForEmail } from '../../../domain/sso';
import { emailInput } from '../auth/schemas';
import { auth } from '../auth/area';

/** POST /auth/sso/start { email } → { redirect_url } (the web app's Sign in with SSO). */
export const startSso = auth
  .public(
    'POST /auth/sso/start',
    'Start single sign-on for an e-mail at a verified domain; open redirect_url in the browser',
    {
      description:
        'Sets an HttpOnly cookie that binds the sign-in to this browser. 404 when no organization ' +
        'has verified the domain with a connection. For links, GET /api/v1/sso/start?email= answers 302.',
    },
  )
  .input(emailInput)
  .output(envelope(ssoRedirectOutput))
  .mutation(async ({ ctx, input }) => {
    const started = await startSsoForEmail(ctx.deps, ctx.req, input.email);
    ctx.setCookies.push(...started.setCookies);
    return ok({ redirect_url: started.redirectUrl });
  });
