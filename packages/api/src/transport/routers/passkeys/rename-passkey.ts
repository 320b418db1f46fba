import { z } from 'zod';
import { PASSKEY_TEXTS } from '../../../contracts/passkeys';
import { passkeyNameSchema } from '../../../contracts/passkeys-schemas';
import { envelope, ok } from '../../envelope';
import { renamePasskey as rename, passkeyOutput } from '../../../domain/passkeys';
import { passkeys } from './area';

export const renamePasskey = passkeys
  .authed('PATCH /passkeys/{uuid}', 'Rename a passkey')
  .input(z.object({ uuid: z.string().max(64), name: passkeyNameSchema }))
  .output(envelope(passkeyOutput))
  .mutation(async ({ ctx, input }) =>
    ok(await rename(ctx.deps, ctx.user, input.uuid, input.name), PASSKEY_TEXTS.renamed),
  );
