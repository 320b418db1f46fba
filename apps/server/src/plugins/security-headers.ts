import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Strict CSP: no inline script; inline styles are allowed because Mantine injects CSS variables. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  extra: { scriptSrc?: string[]; frameSrc?: string[]; connectSrc?: string[] } = {},
): Promise<void> {
  await app.register(helmet, {
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
    // HSTS only matters (and is only honoured) over HTTPS; helmet sends it, browsers ignore it on http.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
