import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listPasskeys as list, passkeyOutput } from '../../../domain/passkeys';
import { authedProcedure } from '../../trpc';

export const listPasskeys = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/passkeys',
      tags: ['passkeys'],
      summary: "This account's passkeys, with when each was added and last used",
      protect: true,
    },
  })
  .output(envelope(z.array(passkeyOutput)))
  .query(async ({ ctx }) => ok(await list(ctx.deps, ctx.user)));
