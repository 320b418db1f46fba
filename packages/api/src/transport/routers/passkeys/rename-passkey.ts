import { z } from 'zod';
import { PASSKEY_TEXTS } from '../../../contracts/passkeys';
import { passkeyNameSchema } from '../../../contracts/passkeys-schemas';
import { renamePasskey as rename, passkeyOutput } from '../../../domain/passkeys';
import { passkeys } from './area';

export const renamePasskey = passkeys
  .authed('PATCH /passkeys/{uuid}', 'Rename a passkey')
  .answers(
    z.object({ uuid: z.string().max(64), name: passkeyNameSchema }),
    passkeyOutput,
    PASSKEY_TEXTS.renamed,
    ({ ctx, input }) => rename(ctx.deps, ctx.user, input.uuid, input.name),
  );
