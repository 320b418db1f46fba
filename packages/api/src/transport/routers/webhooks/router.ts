import { router } from '../../trpc';
import { createWebhook } from './create-webhook';
import { deleteWebhook } from './delete-webhook';
import { getWebhook } from './get-webhook';
import { listDeliveries } from './list-deliveries';
import { listWebhooks } from './list-webhooks';
import { redeliver } from './redeliver';
import { testWebhook } from './test-webhook';
import { updateWebhook } from './update-webhook';

/** An organization's webhooks: endpoints, test pings and the delivery log. */
export const webhooksRouter = router({
  list: listWebhooks,
  create: createWebhook,
  get: getWebhook,
  update: updateWebhook,
  remove: deleteWebhook,
  test: testWebhook,
  deliveries: listDeliveries,
  redeliver,
});
