import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../contracts/webhooks';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` and a
 * base64 key; the signature is `v1,` and the base64 HMAC-SHA256, under the decoded key, of
 * `<webhook-id>.<webhook-timestamp>.<body>`.
 */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const digest = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/** The three headers of one attempt (the timestamp is the attempt's, the id the event's). */
export function webhookHeaders(secret: string, id: string, at: Date, body: string) {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, id, timestamp, body),
  };
}
