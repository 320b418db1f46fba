import { z } from 'zod';
import { SUBDOMAIN_TEXTS } from '../../../contracts/subdomain';
import { envelope, ok } from '../../envelope';
import { checkSubdomain as check } from '../../../domain/organizations';
import { enforceRateLimit } from '../../../core/rate-limit/rate-limiter';
import { organizations, manageOrganization } from './area';

/** Availability of a slug; an invalid slug is "not available" with the rule's text as message. */
export const checkSubdomain = organizations
  .authed(
    'POST /organizations/check-subdomain',
    'Check whether a subdomain is available (30 per minute)',
    manageOrganization,
  )
  .input(
    z.object({
      subdomain: z.string({ error: SUBDOMAIN_TEXTS.required }).max(253),
      organization_uuid: z.string().max(64).nullish(),
    }),
  )
  .output(envelope(z.strictObject({ available: z.boolean() })))
  .mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx.deps.rateLimiter, `subdomain-check:${ctx.user.id}`, 30, 60);
    const result = await check(
      ctx.deps,
      ctx.user.id,
      input.subdomain,
      input.organization_uuid ?? undefined,
    );
    return ok({ available: result.available }, result.message);
  });
