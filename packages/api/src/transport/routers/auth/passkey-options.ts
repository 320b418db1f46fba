import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import {
  PASSKEY_CHALLENGE_LIFETIME_SECONDS,
  passkeyChallengeCookie,
  startPasskeySecondFactor,
  startPasskeySignIn,
} from '../../../domain/passkeys';
import { challengeTokenField, requestOptionsOutput } from '../passkeys/schemas';
import { auth } from './area';

type RequestOptions = z.infer<typeof requestOptionsOutput>;

export const passkeyOptions = auth
  .public(
    'POST /auth/passkey/options',
    'Start a passkey sign-in (or a passkey answer to the two-factor step)',
    {
      description:
        'Without a body: options for any discoverable passkey and a challenge_token for ' +
        'POST /auth/passkey/verify (single use, 5 minutes; also set as an HttpOnly cookie). ' +
        'With the challenge_token of a POST /auth/login that asked for two-factor: options for ' +
        "that account's passkeys, answered at POST /auth/two-factor/verify with type passkey. " +
        'Pass data.options to startAuthentication({ optionsJSON }). 60 a minute per address.',
    },
  )
  .input(
    z.object({
      challenge_token: challengeTokenField
        .optional()
        .describe('The challenge_token of a password step that asked for two-factor'),
    }),
  )
  .output(
    envelope(
      z.object({
        options: requestOptionsOutput,
        challenge_token: z
          .string()
          .optional()
          .describe('Passkey sign-in only: send it to POST /auth/passkey/verify'),
      }),
    ),
  )
  .mutation(async ({ ctx, input }) => {
    if (input.challenge_token) {
      const options = await startPasskeySecondFactor(ctx.deps, ctx.req, input.challenge_token);
      return ok({ options: options as RequestOptions });
    }
    const { challengeToken, options } = await startPasskeySignIn(ctx.deps, ctx.req);
    ctx.setCookies.push(
      ...passkeyChallengeCookie.set(
        ctx.deps.config.appUrl,
        challengeToken,
        PASSKEY_CHALLENGE_LIFETIME_SECONDS,
      ),
    );
    return ok({ options: options as RequestOptions, challenge_token: challengeToken });
  });
