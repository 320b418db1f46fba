import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listWebhooks as list, webhookOutput } from '../../../domain/webhooks';
import { organizationIdInput } from '../organizations/organization-output';
import { webhooks, readWebhooks } from './area';

export const listWebhooks = webhooks
  .authed(
    'GET /organizations/{id}/webhooks',
    'The webhooks of an organization (never their secrets)',
    readWebhooks,
  )
  .input(organizationIdInput)
  .output(envelope(z.array(webhookOutput)))
  .query(async ({ ctx, input }) => ok(await list(ctx.deps, ctx.user, input.id)));
