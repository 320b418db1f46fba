import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** Strict CSP: no inline script; inline styles are allowed because Mantine injects CSS variables. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  extra: {
    scriptSrc?: string[];
    frameSrc?: string[];
    connectSrc?: string[];
    /** The public URL: https there means a TLS-terminating proxy sits in front of us. */
    appUrl?: string;
  } = {},
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
    // HSTS is set below, only for HTTPS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // HSTS only for HTTPS: the request came over TLS (X-Forwarded-Proto counts only with
  // TRUST_PROXY), or the public APP_URL is https. A plain-http local setup never pins the host.
  const publicHttps = extra.appUrl?.startsWith('https://') ?? false;
  app.addHook('onRequest', async (request, reply) => {
    if (publicHttps || request.protocol === 'https') {
      reply.header('strict-transport-security', HSTS_VALUE);
    }
  });
}
