import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_TEXTS, type WebhookEventType } from '../../contracts/webhooks';

export const webhookOutput = z.object({
  uuid: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const createdWebhookOutput = webhookOutput.extend({
  secret: z.string().describe('The signing secret (whsec_…), shown only in this response'),
});

export const deliveryOutput = z.object({
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

export const webhookUrl = z
  .string({ error: WEBHOOK_TEXTS.urlInvalid })
  .trim()
  .min(1, WEBHOOK_TEXTS.urlInvalid)
  .max(2000, 'The URL must be at most 2000 characters');

export const webhookEvents = z
  .array(
    z.enum(WEBHOOK_EVENTS as [WebhookEventType, ...WebhookEventType[]], {
      error: `Unknown event. Events: ${WEBHOOK_EVENTS.join(', ')}`,
    }),
    { error: WEBHOOK_TEXTS.eventsRequired },
  )
  .min(1, WEBHOOK_TEXTS.eventsRequired)
  .max(WEBHOOK_EVENTS.length * 2);

export const webhookDescription = z
  .string()
  .trim()
  .max(200, 'The description must be at most 200 characters')
  .nullish();

export const webhookIdInput = z.object({ id: z.string(), uuid: z.string() });
