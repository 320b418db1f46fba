import { z } from 'zod';
import { listWebhooks as list, webhookOutput } from '../../../domain/webhooks';
import { organizationIdInput } from '../organizations/organization-output';
import { webhooks, readWebhooks } from './area';

export const listWebhooks = webhooks
  .authed(
    'GET /organizations/{id}/webhooks',
    'The webhooks of an organization (never their secrets)',
    readWebhooks,
  )
  .answers(organizationIdInput, z.array(webhookOutput), ({ ctx, input }) =>
    list(ctx.deps, ctx.user, input.id),
  );
