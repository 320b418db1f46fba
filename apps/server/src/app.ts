import http from 'node:http';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { AppError, type AppDeps } from '@scmp/api';
import type { ServerConfig } from './config';
import pino from 'pino';
import {
  AccessLog,
  accessLineText,
  writesAccessLines,
  type AccessLogStream,
} from './logging/access-log';
import { loggerOptions } from './logging/logger-options';
import { lazyChildLogger } from './logging/request-logger';
import { registerApiDocs } from './plugins/api-docs';
import { registerErrorHandler } from './plugins/error-handler';
import { registerJsonParser } from './plugins/json-parser';
import { buildSecurityHeaders, registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { requestIdFor } from './request-id';
import { callerOf } from './request-info';
import { registerRestDoor, sendError } from './rest/rest-door';
import { createBrandingEdge } from './routes/branding-edge';
import { registerRoutes } from './routes';
import { registerTrpcDoor } from './trpc-door';

export type BuildAppOptions = {
  /**
   * A pino logger config (tests add a `stream` to capture the output), or false for tests.
   * Default: loggerOptions(LOG_LEVEL) writing to `logStream`.
   */
  logger?: false | Record<string, unknown>;
  /** Where the default logger writes (main.ts: stdout, asynchronously); default pino's stdout. */
  logStream?: { write: (line: string) => void };
};

/** Builds the whole HTTP server for the given dependencies (used by main.ts and by tests). */
export async function buildApp(
  deps: AppDeps,
  config: ServerConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  // Stripe.js and its frames are admitted only when Stripe is the payment provider.
  const security = buildSecurityHeaders({
    appUrl: config.appUrl,
    ...(config.stripe.secretKey
      ? {
          scriptSrc: ['https://js.stripe.com'],
          frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
          connectSrc: ['https://api.stripe.com'],
        }
      : {}),
  });
  const given =
    options.logger ??
    ({
      ...loggerOptions(config.logLevel),
      ...(options.logStream ? { stream: options.logStream } : {}),
    } as Record<string, unknown>);
  // One access line per request when LOG_REQUESTS is on and the level is info or lower: for the
  // requests Fastify answers (the LogController below) and for the branding cache hits answered
  // before it, to the main logger's destination.
  const accessLines =
    given !== false && writesAccessLines(String(given.level ?? 'info'), config.logRequests);
  const logger =
    accessLines && given.stream === undefined
      ? { ...given, stream: pino.destination({ dest: 1, sync: true }) }
      : given;
  // The access lines are formatted by accessLineText and written to the logger's destination.
  const accessStream = accessLines && logger !== false ? (logger.stream as AccessLogStream) : null;
  const brandingEdge = createBrandingEdge(
    deps,
    security,
    config.trustProxy,
    accessStream
      ? (reqId, url, status, ms) =>
          accessStream.write(accessLineText(reqId, 'GET', url, status, ms, undefined))
      : undefined,
  );
  const app = Fastify({
    logger,
    logController: new AccessLog(accessStream, callerOf),
    // request.log is made when something logs through it (logging/request-logger.ts, RequestLogger).
    childLoggerFactory: (parent, bindings, childOptions) =>
      lazyChildLogger(parent as pino.Logger, bindings, childOptions) as unknown as typeof parent,
    genReqId: (req) => requestIdFor(req.headers['x-request-id']),
    // The HTTP server offers each request to the tenant branding edge (cached answers, see
    // routes/branding-edge.ts) before Fastify; Fastify's own server settings are applied here.
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        if (!brandingEdge(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = config.requestTimeoutMs;
      server.setTimeout(config.requestTimeoutMs);
      return server;
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    trustProxy: config.trustProxy,
    // While shutting down, requests on open connections are still served (with Connection: close)
    // so a SIGTERM causes no 5xx; server.close() already refuses new connections.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Router-level failures (an over-long path parameter, a malformed %-escape) get the envelope
    // too, instead of Fastify's bare JSON that echoes the URL.
    // They run before the hooks, so the essential security headers are set here.
    frameworkErrors: (error, _request, reply) =>
      sendError(
        reply
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'"),
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new AppError('NOT_FOUND', 'Not found.')
          : new AppError('BAD_REQUEST', 'Bad request.'),
        deps,
      ),
  });
  if (options.logger !== false) deps.logger = app.log;
  app.decorateRequest('requestInfo', null);

  registerJsonParser(app);
  registerErrorHandler(app, deps);
  registerSecurityHeaders(app, security);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // A multipart body is read only by the uploads (their own scope, rest/rest-door.ts); anywhere
  // else it is accepted unread, and the operation answers as it would with no body.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));

  const spa = await registerSpa(app, config.webDistDir, {
    // In production the test provider runs only when ALLOW_TEST_PAYMENTS=true (staging).
    testModeBanner: config.appEnv === 'production' && deps.payments.name === 'test',
  });
  await registerRestDoor(app, deps, { prefix: '/api/v1', sendSpa: spa.sendIndex });
  await registerTrpcDoor(app, deps);
  await registerApiDocs(app, config.appUrl);
  await registerRoutes(app, deps, { spa });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (
      url.startsWith('/api/') ||
      url.startsWith('/trpc/') ||
      url === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return sendError(
        reply,
        new AppError('NOT_FOUND', 'The requested resource was not found.'),
        deps,
      );
    }
    return spa.sendIndex(reply);
  });

  return app;
}
