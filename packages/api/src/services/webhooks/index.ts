export { emitWebhookEvent, hasListeners, retireWebhooks } from './emit';
export {
  encryptWebhookSecret,
  runDeliveryJob,
  WEBHOOK_DELIVER_JOB,
  webhookJobHandlers,
} from './deliver';
export {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  sendTestEvent,
  updateWebhook,
} from './endpoints';
export { signatureOf, webhookHeaders } from './signing';
export { isPublicAddress, parseWebhookUrl, vettedAddresses } from './target-policy';
export { sendWebhook } from './send';
