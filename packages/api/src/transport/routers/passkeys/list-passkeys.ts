import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listPasskeys as list, passkeyOutput } from '../../../domain/passkeys';
import { passkeys } from './area';

export const listPasskeys = passkeys
  .authed('GET /passkeys', "This account's passkeys, with when each was added and last used")
  .output(envelope(z.array(passkeyOutput)))
  .query(async ({ ctx }) => ok(await list(ctx.deps, ctx.user)));
