import { z } from 'zod';
import { CUSTOM_DOMAIN_TEXTS } from '../../../contracts/custom-domain';
import { setCustomDomain as set } from '../../../domain/custom-domains';
import { instanceSchema } from '../../../domain/instances';
import { instances, manageInstances } from './area';

/** PUT /instances/{uuid}/custom-domain: claim a domain (checked by DNS before it is served). */
export const setCustomDomain = instances
  .authed(
    'PUT /instances/{uuid}/custom-domain',
    'Set the custom domain (a host name, or a URL whose host is taken); its DNS records are then verified',
    manageInstances,
  )
  .answers(
    z.object({
      uuid: z.string(),
      domain: z
        .string({ error: CUSTOM_DOMAIN_TEXTS.required })
        .trim()
        .min(1, CUSTOM_DOMAIN_TEXTS.required)
        .max(2000, CUSTOM_DOMAIN_TEXTS.tooLong),
    }),
    instanceSchema,
    CUSTOM_DOMAIN_TEXTS.saved,
    ({ ctx, input }) => set(ctx.deps, ctx.req, ctx.user, input.uuid, input.domain),
  );
