import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
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
 */
export function registerSecurityHeaders(app: FastifyInstance, security: SecurityHeaders): void {
  const { headers, publicHttps } = security;
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    raw.setHeader('x-request-id', request.id);
    if (publicHttps || request.protocol === 'https')
      raw.setHeader('strict-transport-security', HSTS_VALUE);
    done();
  });
}
