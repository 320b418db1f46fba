import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_EXCERPT, WEBHOOK_TIMEOUT_MS } from '../../contracts/webhooks';
import {
  WebhookTargetError,
  hostOf,
  parseWebhookUrl,
  systemResolver,
  vettedAddresses,
  type Resolver,
  type TargetPolicy,
} from './target-policy';

export type SendOutcome = {
  ok: boolean;
  status: number | null;
  body: string | null;
  durationMs: number;
  error: string | null;
};

export type SendOptions = {
  policy: TargetPolicy;
  resolve?: Resolver;
  timeoutMs?: number | undefined;
};

/**
 * One POST to a webhook URL. The connection goes to an address vetted by the target policy (the
 * socket's lookup answers with it, so no second DNS answer is used); redirects are not followed
 * (a 3xx is a failed attempt); the whole exchange has a 10 s limit; only the first kilobyte of
 * the answer is kept.
 */
export async function sendWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let addresses: string[];
  let url: URL;
  try {
    url = parseWebhookUrl(rawUrl, options.policy);
    addresses = await vettedAddresses(
      hostOf(url),
      options.policy,
      options.resolve ?? systemResolver,
    );
  } catch (error) {
    const message = error instanceof WebhookTargetError ? error.message : 'Invalid target';
    return { ok: false, status: null, body: null, durationMs: elapsed(), error: message };
  }
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    const entries = addresses.map((address) => ({ address, family: isIP(address) }));
    if ((lookupOptions as { all?: boolean }).all) callback(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  const { promise, resolve } = Promise.withResolvers<SendOutcome>();
  const request = client.request(
    url,
    {
      method: 'POST',
      lookup: pinned,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'SCMP-Webhooks/1.0',
        'content-length': String(Buffer.byteLength(body)),
        ...headers,
      },
      signal: AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
    },
    (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept < WEBHOOK_RESPONSE_EXCERPT) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve({
          ok: status >= 200 && status < 300,
          status,
          body: Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_RESPONSE_EXCERPT),
          durationMs: elapsed(),
          error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
        });
      });
      response.on('error', (error) => resolve(failure(error)));
    },
  );
  const failure = (error: Error): SendOutcome => ({
    ok: false,
    status: null,
    body: null,
    durationMs: elapsed(),
    error:
      error.name === 'TimeoutError' || error.name === 'AbortError'
        ? `Timed out after ${(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`
        : error.message.slice(0, 300),
  });
  request.on('error', (error) => resolve(failure(error)));
  request.end(body);
  return promise;
}
