import { z } from 'zod';
import { PASSKEY_TEXTS } from '../../../contracts/passkeys';
import { removePasskey as remove } from '../../../domain/passkeys';
import { passkeys } from './area';

export const removePasskey = passkeys
  .authed('DELETE /passkeys/{uuid}', 'Remove a passkey', {
    description:
      'Removing the last passkey of an account with two-factor off needs the current ' +
      'password (or a current authentication code). Sends a security e-mail. 10 a minute; ' +
      'wrong passwords 5 a minute.',
  })
  .answers(
    z.object({
      uuid: z.string().max(64),
      password: z
        .string({ error: 'The password must be text.' })
        .max(1000, 'The password is too long.')
        .optional()
        .describe('Needed for the last passkey while two-factor is off'),
      code: z
        .string({ error: 'The code must be text.' })
        .regex(/^\d{6}$/, 'The verification code must be 6 digits')
        .optional()
        .describe('Instead of the password: a current authentication code'),
    }),
    PASSKEY_TEXTS.removed,
    ({ ctx, input }) =>
      remove(ctx.deps, ctx.req, ctx.user, input.uuid, {
        password: input.password,
        code: input.code,
      }),
  );
