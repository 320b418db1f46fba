import { z } from 'zod';
import { PASSKEY_TEXTS } from '../../../contracts/passkeys';
import { passkeyNameSchema } from '../../../contracts/passkeys-schemas';
import { finishPasskeyRegistration, passkeyOutput } from '../../../domain/passkeys';
import { registrationResponseSchema } from './schemas';
import { passkeys } from './area';

export const registrationVerify = passkeys
  .session(
    'POST /passkeys/registration/verify',
    'Finish adding a passkey: verify the new credential and keep its public key',
    {
      successStatus: 201,
      description:
        'Answers the open challenge of POST /passkeys/registration/options from the same ' +
        'session (single use). Only the public key, credential id, signature counter and ' +
        'transports are stored. Sends a security e-mail. 10 a minute.',
    },
  )
  .answers(
    z.object({ name: passkeyNameSchema, response: registrationResponseSchema }),
    passkeyOutput,
    PASSKEY_TEXTS.added,
    ({ ctx, input }) => finishPasskeyRegistration(ctx.deps, ctx.req, ctx.user, ctx.session, input),
  );
