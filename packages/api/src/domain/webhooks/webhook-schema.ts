import { z } from 'zod';
import { timestampFields } from '../../contracts/response-fields';

/**
 * Webhook endpoints and their deliveries as the API shows them: one zod schema per shape; the service's return type is its z.output and the routers'
 * .output() reuse it. Strict: a key the service returns that is not here fails output validation
 * (the doors-agree test calls every procedure), so the two cannot drift apart.
 */
export const webhookOutput = z.strictObject({
  uuid: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  ...timestampFields,
});

export type WebhookOutput = z.output<typeof webhookOutput>;

export const createdWebhookOutput = webhookOutput.extend({
  secret: z.string().describe('The signing secret (whsec_…), shown only in this response'),
});

export type CreatedWebhookOutput = z.output<typeof createdWebhookOutput>;

export const deliveryOutput = z.strictObject({
  uuid: z.string(),
  event_id: z.string().describe('The webhook-id header: the same on every attempt'),
  event: z.string(),
  status: z.enum(['pending', 'retrying', 'succeeded', 'failed']),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  response_body: z.string().nullable().describe('The first kilobyte of the answer'),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  next_retry_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  created_at: z.string(),
});

export type WebhookDeliveryOutput = z.output<typeof deliveryOutput>;
