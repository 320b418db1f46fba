import { WEBHOOK_TEXTS } from '../../../contracts/webhooks';
import { messageEnvelope } from '../../envelope';
import { organizationItemInput, removeOrganizationItem } from '../../organization-item';
import { deleteWebhook as remove } from '../../../domain/webhooks';
import { webhooks, writeWebhooks } from './area';

export const deleteWebhook = webhooks
  .authed(
    'DELETE /organizations/{id}/webhooks/{uuid}',
    'Delete a webhook with its delivery log',
    writeWebhooks,
  )
  .input(organizationItemInput)
  .output(messageEnvelope)
  .mutation(removeOrganizationItem(remove, WEBHOOK_TEXTS.deleted));
