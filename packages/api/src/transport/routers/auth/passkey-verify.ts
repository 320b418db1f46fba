import { z } from 'zod';
import { PASSKEY_TEXTS } from '../../../contracts/passkeys';
import { envelope, ok } from '../../envelope';
import { passkeyChallengeCookie, finishPasskeySignIn } from '../../../domain/passkeys';
import { authenticationResponseSchema, challengeTokenField } from '../passkeys/schemas';
import { toUserOutput } from '../../../domain/accounts';
import { signedInOutput } from './schemas';
import { auth } from './area';

export const passkeyVerify = auth
  .public(
    'POST /auth/passkey/verify',
    'Sign in with a passkey: counts as both factors (no two-factor step)',
    {
      description:
        'The assertion must answer the challenge of this sign-in attempt (challenge_token from ' +
        'POST /auth/passkey/options, or its cookie); single use. An unknown or removed passkey ' +
        'answers 401 with a message saying so. 30 a minute per address.',
    },
  )
  .input(
    z.object({
      response: authenticationResponseSchema,
      challenge_token: challengeTokenField
        .optional()
        .describe('From POST /auth/passkey/options. Browsers may send its cookie instead.'),
    }),
  )
  .output(envelope(signedInOutput))
  .mutation(async ({ ctx, input }) => {
    const { user, token } = await finishPasskeySignIn(ctx.deps, ctx.req, {
      challengeToken: input.challenge_token || passkeyChallengeCookie.read(ctx.req.cookie),
      response: input.response,
    });
    ctx.setCookies.push(...passkeyChallengeCookie.clear(ctx.deps.config.appUrl));
    return ok({ user: toUserOutput(user), token }, PASSKEY_TEXTS.signedIn);
  });
