import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listWebhooks as list, webhookOutput } from '../../../domain/webhooks';
import { authedProcedure } from '../../trpc';
import { organizationIdInput } from '../organizations/organization-output';

export const listWebhooks = authedProcedure
  .meta({
    scope: 'webhooks:read',
    permission: 'manage',
    openapi: {
      method: 'GET',
      path: '/organizations/{id}/webhooks',
      tags: ['webhooks'],
      summary: 'The webhooks of an organization (never their secrets)',
      protect: true,
    },
  })
  .input(organizationIdInput)
  .output(envelope(z.array(webhookOutput)))
  .query(async ({ ctx, input }) => ok(await list(ctx.deps, ctx.user, input.id)));
