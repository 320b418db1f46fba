import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export type HeaderList = Array<[string, string]>;

/**
 * The headers helmet would set, computed once: they are static (no CSP nonces), and building them
 * per request (what @fastify/helmet does) costs a trivial route about half its throughput.
 */
function staticHeaders(options: HelmetOptions): HeaderList {
  const headers: HeaderList = [];
  const capture = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)(
    {} as IncomingMessage,
    capture as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

export type SecurityHeaderOptions = {
  scriptSrc?: string[];
  frameSrc?: string[];
  connectSrc?: string[];
  /** The public URL: https there means a TLS-terminating proxy sits in front of us. */
  appUrl?: string;
};

/** Every response's static security headers, and whether HSTS always applies. */
export type SecurityHeaders = { headers: HeaderList; publicHttps: boolean };

/**
 * Strict CSP (no inline script; inline styles are allowed because Mantine injects CSS variables),
 * nosniff, Referrer-Policy, frame and cross-origin policies; HSTS over HTTPS only.
 */
export function buildSecurityHeaders(extra: SecurityHeaderOptions = {}): SecurityHeaders {
  const headers = staticHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(extra.scriptSrc ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(extra.connectSrc ?? [])],
        frameSrc: extra.frameSrc?.length ? extra.frameSrc : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // HSTS is set per request, only for HTTPS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // HSTS only for HTTPS: the request came over TLS (X-Forwarded-Proto counts only with
  // TRUST_PROXY), or the public APP_URL is https. A plain-http local setup never pins the host.
  return { headers, publicHttps: extra.appUrl?.startsWith('https://') ?? false };
}

/**
 * The security headers and the request id on every response: one synchronous onRequest hook, so
 * answers that never reach a handler (404, an unparsable body) carry them too.
 *
 * They go on Fastify's reply (one object, copied in), not on the raw response: Node then writes
 * the reply's headers as they are (`writeHead` with no header set on the response before it),
 * where headers set with `setHeader` first make Node store each as a `[name, value]` pair and set
 * every one of Fastify's own headers again the same way. An answer written on the raw response
 * (`reply.hijack()`) takes them from `replyHeaderList`.
 */
export function registerSecurityHeaders(app: FastifyInstance, security: SecurityHeaders): void {
  const { publicHttps } = security;
  const fixed = Object.fromEntries(security.headers);
  const withHsts = { ...fixed, 'strict-transport-security': HSTS_VALUE };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(publicHttps || request.protocol === 'https' ? withHsts : fixed);
    reply.header('x-request-id', request.id);
    done();
  });
}

/**
 * The headers the hook above puts on a reply, as a flat list for `writeHead`: for an answer
 * written on the raw response after `reply.hijack()`, which Fastify's reply headers do not reach.
 */
export function replyHeaderList(reply: FastifyReply): string[] {
  const list: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) list.push(name, String(value));
  }
  return list;
}
