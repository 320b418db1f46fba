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

/**
 * Every response's static security headers (`headers`: the full set a page gets, `dataHeaders`:
 * what a JSON or file answer of the doors gets), and whether HSTS always applies.
 */
export type SecurityHeaders = {
  headers: HeaderList;
  dataHeaders: HeaderList;
  publicHttps: boolean;
};

/**
 * Headers that act only on a document (an HTML page) or only in browsers long retired: the origin
 * agent cluster and DNS prefetching of a page, Internet Explorer's download prompt and XSS filter,
 * Flash's cross-domain policy files. They go on pages; an answer of the doors (`/api/v1/`,
 * `/trpc/`: JSON, or a file) goes without them, and keeps CSP, nosniff, the frame, referrer and
 * cross-origin policies. A client parses five headers fewer on every API answer.
 */
const DOCUMENT_ONLY = new Set([
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/** The document-only headers with helmet's values (they take no option). */
const DOCUMENT_HEADERS = Object.fromEntries(
  staticHeaders({}).filter(([name]) => DOCUMENT_ONLY.has(name)),
);

/**
 * An HTML page: its content type and the document-only headers, for a page a door can answer
 * (the app's index for a browser's navigation, an invoice, a host's status page). Elsewhere the
 * hook below has set them already; setting them again changes nothing.
 */
export function asPage(reply: FastifyReply): FastifyReply {
  return reply.type('text/html; charset=utf-8').headers(DOCUMENT_HEADERS);
}

/** Paths of the doors, whose answers are JSON or files unless they say they are a page. */
function isDoorPath(url: string): boolean {
  return url.startsWith('/api/v1/') || url.startsWith('/trpc/');
}

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
  return {
    headers,
    dataHeaders: headers.filter(([name]) => !DOCUMENT_ONLY.has(name)),
    publicHttps: extra.appUrl?.startsWith('https://') ?? false,
  };
}

/**
 * The security headers and the request id on every response: one synchronous onRequest hook, so
 * answers that never reach a handler (404, an unparsable body) carry them too. A door's path gets
 * the data set, any other path the page set (`asPage` adds the rest when a door answers a page).
 *
 * They go on Fastify's reply (one object, copied in), not on the raw response: Node then writes
 * the reply's headers as they are (`writeHead` with no header set on the response before it),
 * where headers set with `setHeader` first make Node store each as a `[name, value]` pair and set
 * every one of Fastify's own headers again the same way. An answer written on the raw response
 * (`reply.hijack()`) takes them from `replyHeaderList`.
 */
export function registerSecurityHeaders(app: FastifyInstance, security: SecurityHeaders): void {
  const { publicHttps } = security;
  const withHsts = (list: HeaderList) => ({
    ...Object.fromEntries(list),
    'strict-transport-security': HSTS_VALUE,
  });
  const page = { plain: Object.fromEntries(security.headers), hsts: withHsts(security.headers) };
  const data = {
    plain: Object.fromEntries(security.dataHeaders),
    hsts: withHsts(security.dataHeaders),
  };
  app.addHook('onRequest', (request, reply, done) => {
    const set = isDoorPath(request.url) ? data : page;
    reply.headers(publicHttps || request.protocol === 'https' ? set.hsts : set.plain);
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
