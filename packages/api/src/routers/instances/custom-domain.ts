import { z } from 'zod';
import { CUSTOM_DOMAIN_TEXTS } from '../../contracts/custom-domain';
import { envelope, ok } from '../../lib/envelope';
import {
  removeCustomDomain as remove,
  setCustomDomain as set,
  verifyCustomDomain as verify,
} from '../../services/custom-domains/custom-domains';
import { authedProcedure } from '../../trpc';
import { instanceSchema, instanceUuidInput } from './instance-output';

/** PUT /instances/{uuid}/custom-domain: claim a domain (checked by DNS before it is served). */
export const setCustomDomain = authedProcedure
  .meta({
    scope: 'instances:write',
    permission: 'manage',
    openapi: {
      method: 'PUT',
      path: '/instances/{uuid}/custom-domain',
      tags: ['instances'],
      summary:
        'Set the custom domain (a host name, or a URL whose host is taken); its DNS records are then verified',
      protect: true,
    },
  })
  .input(
    z.object({
      uuid: z.string(),
      domain: z
        .string({ error: CUSTOM_DOMAIN_TEXTS.required })
        .trim()
        .min(1, CUSTOM_DOMAIN_TEXTS.required)
        .max(2000, CUSTOM_DOMAIN_TEXTS.tooLong),
    }),
  )
  .output(envelope(instanceSchema))
  .mutation(async ({ ctx, input }) =>
    ok(await set(ctx.deps, ctx.req, ctx.user, input.uuid, input.domain), CUSTOM_DOMAIN_TEXTS.saved),
  );

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

/** POST /instances/{uuid}/custom-domain/verify: check the DNS records now. */
export const verifyCustomDomain = authedProcedure
  .meta({
    scope: 'instances:write',
    permission: 'manage',
    openapi: {
      method: 'POST',
      path: '/instances/{uuid}/custom-domain/verify',
      tags: ['instances'],
      summary:
        'Check the custom domain’s DNS records now; the result is in custom_domain_status and custom_domain_reason',
      protect: true,
    },
  })
  .input(instanceUuidInput)
  .output(envelope(instanceSchema))
  .mutation(async ({ ctx, input }) => {
    const instance = await verify(ctx.deps, ctx.user, input.uuid);
    const served =
      instance.custom_domain_status === 'verified' || instance.custom_domain_status === 'active';
    return ok(instance, served ? CUSTOM_DOMAIN_TEXTS.verified : CUSTOM_DOMAIN_TEXTS.notYet);
  });
