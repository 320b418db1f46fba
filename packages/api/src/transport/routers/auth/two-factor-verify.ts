import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { loginChallengeCookie, toUserOutput, verifyTwoFactorLogin } from '../../../domain/accounts';
import { authenticationResponseSchema } from '../passkeys/schemas';
import { emailField, signedInOutput } from './schemas';
import { auth } from './area';

export const twoFactorVerify = auth
  .public(
    'POST /auth/two-factor/verify',
    'Second sign-in step: an authenticator or recovery code, or a passkey',
    {
      description:
        'Only for the sign-in that passed the password step: send the challenge_token that ' +
        'POST /auth/login returned (or its cookie). A missing, expired, used or foreign ' +
        'challenge fails like a wrong code; the fifth wrong code closes the challenge. With ' +
        'type passkey, send passkey_response instead of code: an assertion of the options that ' +
        'POST /auth/passkey/options returned for the same challenge_token.',
    },
  )
  .input(
    z
      .object({
        email: emailField,
        code: z.string({ error: 'The code field is required.' }).trim().optional(),
        type: z
          .enum(['totp', 'recovery', 'passkey'], {
            error: 'The type must be totp, recovery or passkey.',
          })
          .default('totp'),
        passkey_response: authenticationResponseSchema
          .optional()
          .describe('With type passkey: the assertion from startAuthentication'),
        challenge_token: z
          .string({ error: 'The challenge token must be a string.' })
          .max(200, 'The challenge token is too long.')
          .optional()
          .describe(
            'The challenge_token from POST /auth/login. Browsers may send the cookie set there ' +
              'instead.',
          ),
      })
      .superRefine((value, ctx) => {
        if (value.type === 'passkey') {
          if (!value.passkey_response)
            ctx.addIssue({
              code: 'custom',
              path: ['passkey_response'],
              message: 'The passkey response is required.',
            });
          return;
        }
        if (!value.code) {
          ctx.addIssue({ code: 'custom', path: ['code'], message: 'The code field is required.' });
          return;
        }
        const valid =
          value.type === 'totp'
            ? /^\d{1,6}$/.test(value.code)
            : /^[A-Za-z0-9]{1,8}$/.test(value.code);
        if (!valid) {
          ctx.addIssue({
            code: 'custom',
            path: ['code'],
            message:
              value.type === 'totp'
                ? 'The authentication code may contain only digits (up to 6).'
                : 'The recovery code may contain only letters and digits (up to 8).',
          });
        }
      }),
  )
  .output(envelope(signedInOutput))
  .mutation(async ({ ctx, input }) => {
    const challengeToken = input.challenge_token || loginChallengeCookie.read(ctx.req.cookie);
    const answer =
      input.type === 'passkey'
        ? { type: input.type, passkeyResponse: input.passkey_response! }
        : {
            type: input.type,
            code: input.type === 'recovery' ? input.code!.toUpperCase() : input.code!,
          };
    const { user, token } = await verifyTwoFactorLogin(ctx.deps, ctx.req, {
      email: input.email,
      challengeToken,
      ...answer,
    });
    ctx.setCookies.push(...loginChallengeCookie.clear(ctx.deps.config.appUrl));
    return ok({ user: toUserOutput(user), token }, 'Two-factor authentication successful');
  });
