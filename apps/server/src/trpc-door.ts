import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import {
  AppError,
  appRouter,
  createContext,
  toErrorEnvelope,
  type AppDeps,
  type AppRouter,
} from '@scmp/api';
import { requestInfoOf } from './request-info';
import { NO_STORE, sendError } from './rest/rest-door';

const FORM_NEEDS_LENGTH = 'Send the form with a Content-Length header.';

/** The typed door used by our SPA, with batching. */
export async function registerTrpcDoor(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // tRPC's adapter reads a multipart body into memory whole; the pipeline bounds it by its
  // declared length (an upload's limits, or the JSON limit), so a form must declare one.
  app.addHook('onRequest', (request, reply, done) => {
    // A GET or HEAD has no body to bound: tRPC answers it (405 for a form's content type).
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      request.headers['content-length'] === undefined &&
      request.url.startsWith('/trpc/') &&
      request.headers['content-type']?.startsWith('multipart/')
    ) {
      sendError(reply, new AppError('BAD_REQUEST', FORM_NEEDS_LENGTH), deps);
      return;
    }
    done();
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext(deps, requestInfoOf(req)),
      // Cookies a procedure set (the two-factor sign-in challenge) and RateLimit headers of an
      // API-token call; one context per batch. The SPA's door: its answers are the caller's own
      // (a batch mixes public and signed-in calls), so none is ever stored by a cache. A refused
      // call's envelope headers (Retry-After of a 429 or 503) as the REST door sends them.
      responseMeta: ({ ctx, errors }) => ({
        headers: {
          'cache-control': NO_STORE,
          ...Object.assign({}, ...errors.map((error) => toErrorEnvelope(error).headers)),
          ...(ctx
            ? {
                ...ctx.responseHeaders,
                ...(ctx.setCookies.length > 0 ? { 'set-cookie': ctx.setCookies } : {}),
              }
            : {}),
        },
      }),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          deps.logger.error({ err: error, path }, 'trpc call failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
