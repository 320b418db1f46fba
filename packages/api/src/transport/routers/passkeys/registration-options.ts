import type { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { startPasskeyRegistration } from '../../../domain/passkeys';
import { sessionProcedure } from '../../trpc';
import { creationOptionsOutput } from './schemas';

export const registrationOptions = sessionProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/passkeys/registration/options',
      tags: ['passkeys'],
      summary: 'Start adding a passkey: creation options bound to this session (5 minutes)',
      description:
        'A discoverable credential with user verification for APP_URL as relying party. Pass ' +
        'data to startRegistration({ optionsJSON }) of @simplewebauthn/browser, then send the ' +
        'result to POST /passkeys/registration/verify with the same session. 10 a minute.',
      protect: true,
    },
  })
  .output(envelope(creationOptionsOutput))
  .mutation(async ({ ctx }) => {
    const options = await startPasskeyRegistration(ctx.deps, ctx.user, ctx.session);
    return ok(options as z.infer<typeof creationOptionsOutput>);
  });
