import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { appRouter, createContext, type AppDeps, type AppRouter } from '@scmp/api';
import { requestInfoOf } from './request-info';

/** The typed door used by our SPA, with batching. */
export async function registerTrpcDoor(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext(deps, requestInfoOf(req)),
      // Cookies a procedure set (the two-factor sign-in challenge) and RateLimit headers of an
      // API-token call; one context per batch.
      responseMeta: ({ ctx }) =>
        ctx
          ? {
              headers: {
                ...ctx.responseHeaders,
                ...(ctx.setCookies.length > 0 ? { 'set-cookie': ctx.setCookies } : {}),
              },
            }
          : {},
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          deps.logger.error({ err: error, path }, 'trpc call failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
