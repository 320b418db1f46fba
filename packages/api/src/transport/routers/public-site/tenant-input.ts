import { z } from 'zod';

/** The input of a public read by tenant (GET /public/tenant/{slug}/…): the tenant's slug. */
export const tenantSlugInput = z.object({
  slug: z.string().max(100, 'The tenant slug may not be longer than 100 characters.'),
});
