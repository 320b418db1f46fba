import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { changePlan as change, subscriptionSchema } from '../../../domain/billing';
import { verifiedProcedure } from '../../trpc';
import {
  idempotencyKeyInput,
  prorationDateInput,
  organizationUuidInput,
  planTypeInput,
} from './schemas';

export const changePlan = verifiedProcedure
  .meta({
    scope: 'billing:write',
    permission: 'manageBilling',
    openapi: {
      method: 'PATCH',
      path: '/subscription/plan',
      tags: ['subscription'],
      summary: 'Change plan now; an upgrade charges the prorated difference today',
      protect: true,
    },
    idempotent: true,
    idempotencyKeyField: 'idempotency_key',
  })
  .input(
    z.object({
      organization_uuid: organizationUuidInput,
      plan_type: planTypeInput,
      proration_date: prorationDateInput,
      idempotency_key: idempotencyKeyInput,
    }),
  )
  .output(envelope(subscriptionSchema))
  .mutation(async ({ ctx, input }) =>
    ok(await change(ctx.deps, ctx.req, ctx.user, input), 'Plan changed successfully.'),
  );
