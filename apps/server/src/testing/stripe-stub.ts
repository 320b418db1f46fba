import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleStubRequest } from './stripe-stub-routes';
import { createStubState, type StubWorld } from './stripe-stub-state';

/**
 * A local HTTP stub of the Stripe endpoints the product uses, for tests: the real Stripe SDK
 * talks to it (host/port/protocol options via STRIPE_API_BASE), never to the internet.
 * Idempotency keys behave as in Stripe (a repeated key answers the first response); requests
 * whose key is not ours ("scmp:…") are recorded so tests can prove every mutation carries one.
 */
export type StripeStub = StubWorld & {
  server: Server;
  url: string;
  /** POSTs that did not carry one of our idempotency keys (method and path). */
  unkeyedPosts: string[];
  /** Every request seen, as "METHOD /path". */
  requests: string[];
  setClock: (now: () => Date) => void;
  close: () => Promise<void>;
};

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const slot = node as Record<string, unknown>;
      if (last) {
        slot[part] = value;
        return;
      }
      slot[part] ??= nextIsIndex ? [] : {};
      node = slot[part] as Record<string, unknown>;
    });
  }
  return root;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => resolve(body));
  });

export async function startStripeStub(options: { port?: number } = {}): Promise<StripeStub> {
  const world = createStubState();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const unkeyedPosts: string[] = [];
  const requests: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://stub');
      const method = req.method ?? 'GET';
      requests.push(`${method} ${url.pathname}`);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_stub' });
        res.end(JSON.stringify(json));
      };
      const key = String(req.headers['idempotency-key'] ?? '');
      if (method === 'POST') {
        if (!key.startsWith('scmp:')) unkeyedPosts.push(`${method} ${url.pathname}`);
        const stored = key ? idempotent.get(key) : undefined;
        if (stored) return send(stored.status, stored.body);
      }
      const params =
        method === 'POST' ? parseStripeForm(body) : parseStripeForm(url.searchParams.toString());
      const result = handleStubRequest(world, method, url.pathname, params);
      if (method === 'POST' && key) idempotent.set(key, result);
      return send(result.status, result.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...world,
    server,
    url: `http://127.0.0.1:${port}`,
    unkeyedPosts,
    requests,
    setClock: (now) => {
      world.state.now = now;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
