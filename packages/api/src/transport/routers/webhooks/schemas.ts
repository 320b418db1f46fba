import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_TEXTS, type WebhookEventType } from '../../../contracts/webhooks';

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
