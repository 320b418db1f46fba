import { z } from 'zod';
import { previewChange as preview, previewSchema } from '../../../domain/billing';
import { organizationUuidInput, planTypeInput } from './schemas';
import { subscription, viewBilling } from './area';

/** The amount due today for a plan change (plan_type) or added locations (additional_locations). */
export const previewChange = subscription
  .authed(
    'GET /subscription/preview',
    'Preview the prorated amount due today for a plan change or added locations',
    viewBilling,
  )
  .answers(
    z.object({
      organization_uuid: organizationUuidInput,
      plan_type: planTypeInput.optional(),
      additional_locations: z.coerce.number().int().min(1).max(20).optional(),
    }),
    previewSchema,
    ({ ctx, input }) => preview(ctx.deps, ctx.user, input),
  );
