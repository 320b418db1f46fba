import { CUSTOM_DOMAIN_TEXTS } from '../../../contracts/custom-domain';
import { envelope, ok } from '../../envelope';
import { removeCustomDomain as remove } from '../../../domain/custom-domains';
import { authedProcedure } from '../../trpc';
import { instanceUuidInput } from './instance-output';
import { instanceSchema } from '../../../domain/instances';

/** DELETE /instances/{uuid}/custom-domain. */
export const removeCustomDomain = authedProcedure
  .meta({
    scope: 'instances:write',
    permission: 'manage',
    openapi: {
      method: 'DELETE',
      path: '/instances/{uuid}/custom-domain',
      tags: ['instances'],
      summary: 'Remove the custom domain; the instance stays on its own host',
      protect: true,
    },
  })
  .input(instanceUuidInput)
  .output(envelope(instanceSchema))
  .mutation(async ({ ctx, input }) =>
    ok(await remove(ctx.deps, ctx.req, ctx.user, input.uuid), CUSTOM_DOMAIN_TEXTS.removed),
  );
