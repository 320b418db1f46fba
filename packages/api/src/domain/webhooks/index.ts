export { emitWebhookEvent, hasListeners, recordWebhookEvent, retireWebhooks } from './emit';
export {
  encryptWebhookSecret,
  runDeliveryJob,
  WEBHOOK_DELIVER_JOB,
  webhookJobHandlers,
} from './deliver';
export { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from './endpoints';
export { listDeliveries, redeliver, sendTestEvent } from './deliveries';
export { signatureOf, webhookHeaders } from './signing';
export { isPublicAddress, parseWebhookUrl, vettedAddresses } from './target-policy';
export { sendWebhook } from './send';
export { sweepWebhooks } from './sweep';
export { createdWebhookOutput, deliveryOutput, webhookOutput } from './webhook-schema';
