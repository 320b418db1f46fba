import type { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { startPasskeyRegistration } from '../../../domain/passkeys';
import { creationOptionsOutput } from './schemas';
import { passkeys } from './area';

export const registrationOptions = passkeys
  .session(
    'POST /passkeys/registration/options',
    'Start adding a passkey: creation options bound to this session (5 minutes)',
    {
      description:
        'A discoverable credential with user verification for APP_URL as relying party. Pass ' +
        'data to startRegistration({ optionsJSON }) of @simplewebauthn/browser, then send the ' +
        'result to POST /passkeys/registration/verify with the same session. 10 a minute.',
    },
  )
  .output(envelope(creationOptionsOutput))
  .mutation(async ({ ctx }) => {
    const options = await startPasskeyRegistration(ctx.deps, ctx.user, ctx.session);
    return ok(options as z.infer<typeof creationOptionsOutput>);
  });
