import { z } from 'zod';
import { SSO_TEXTS } from '../../../contracts/sso';
import { envelope, ok } from '../../envelope';
import { completeSsoSignIn } from '../../../domain/sso';
import { toUserOutput, userOutput } from '../../../domain/accounts';
import { auth } from '../auth/area';

/** POST /auth/sso/complete { code }: the one-time code of the callback → a session. */
export const completeSso = auth
  .public(
    'POST /auth/sso/complete',
    'Finish single sign-on: exchange the one-time code from /login/sso?code= for a session (same browser only)',
  )
  .input(z.object({ code: z.string().min(1).max(200) }))
  .output(envelope(z.strictObject({ user: userOutput, token: z.string() })))
  .mutation(async ({ ctx, input }) => {
    const done = await completeSsoSignIn(ctx.deps, ctx.req, input.code);
    ctx.setCookies.push(...done.setCookies);
    return ok({ user: toUserOutput(done.user), token: done.token }, SSO_TEXTS.signedIn);
  });
