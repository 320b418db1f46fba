import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
};

/**
 * A webhook receiver on loopback for the tests: records every request and answers with what
 * `respond` says (200 by default; `'hang'` never answers, for the timeout cases).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let respond: (
    request: ReceivedWebhook,
  ) => number | 'hang' | { status: number; headers: Record<string, string> } = () => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(request);
      const answer = respond(request);
      if (answer === 'hang') return;
      const { status, headers } =
        typeof answer === 'number' ? { status: answer, headers: {} } : answer;
      res.writeHead(status, { 'content-type': 'text/plain', ...headers });
      res.end(status < 300 ? 'thanks' : `refused with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    setResponse(next: typeof respond) {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A verifier written from the Standard Webhooks specification, independent of the server's
 * signing code: the key is the base64 after `whsec_`; the signed content `id.timestamp.body`;
 * the header a space-separated list of `v1,<base64>`; timestamps more than 5 minutes away from
 * `nowSeconds` are refused. Returns the parsed payload or throws.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: http.IncomingHttpHeaders,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): {
  id: string;
  type: string;
  created_at: string;
  organization: { uuid: string; name: string };
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
} {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string')
    throw new Error('missing webhook headers');
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300)
    throw new Error('timestamp outside the tolerance');
  if (!secret.startsWith('whsec_')) throw new Error('not a whsec_ secret');
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new Error('no valid signature');
  const payload = JSON.parse(body);
  if (payload.id !== id) throw new Error('payload id differs from webhook-id');
  return payload;
}
