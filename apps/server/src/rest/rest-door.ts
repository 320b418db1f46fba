import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { AnyProcedure } from '@trpc/server';
import { z } from 'zod';
import {
  AppError,
  appRouter,
  createContext,
  toErrorEnvelope,
  type AppDeps,
  type Meta,
} from '@scmp/api';
import { requestInfoOf } from '../request-info';

type RestOperation = {
  path: string;
  procedurePath: string;
  method: HTTPMethods;
  url: string;
  procedure: AnyProcedure;
  meta: Meta;
  voidInput: boolean;
};

/** Every procedure that has OpenAPI meta becomes one REST operation. */
export function restOperations(): RestOperation[] {
  // At runtime _def.procedures is flat ('auth.login' → procedure); its type is the nested record.
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  const operations: RestOperation[] = [];
  for (const [procedurePath, procedure] of Object.entries(procedures)) {
    const meta = procedure._def.meta as Meta | undefined;
    if (!meta?.openapi) continue;
    const inputs = (procedure._def as { inputs?: unknown[] }).inputs ?? [];
    operations.push({
      path: meta.openapi.path,
      procedurePath,
      method: meta.openapi.method as HTTPMethods,
      url: meta.openapi.path.replace(/\{(\w+)\}/g, ':$1'),
      procedure,
      meta,
      voidInput: inputs.length === 0 || inputs.every((i) => i instanceof z.ZodVoid),
    });
  }
  return operations;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function sendError(reply: FastifyReply, error: unknown, deps: AppDeps): FastifyReply {
  const envelope = toErrorEnvelope(error);
  if (envelope.status >= 500 && envelope.status !== 503) {
    deps.logger.error({ err: error, reqId: reply.request.id }, 'request failed');
  }
  return reply.code(envelope.status).headers(envelope.headers).send(envelope.body);
}

export function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /text\/html/.test(accept) && !/application\/json/.test(accept.split(',')[0] ?? '');
}

/**
 * The REST door: Fastify-native routes generated from the router (same procedures, validation and
 * errors as the tRPC door), with the DESIGN.md envelope. trpc-to-openapi builds the document only.
 */
export function registerRestDoor(
  app: FastifyInstance,
  deps: AppDeps,
  options: { prefix: string; sendSpa: (reply: FastifyReply) => FastifyReply },
): void {
  for (const op of restOperations()) {
    app.route({
      method: op.method,
      url: `${options.prefix}${op.url}`,
      handler: async (request, reply) => {
        if (op.meta.spaForBrowsers && prefersHtml(request)) return options.sendSpa(reply);
        const params = (request.params ?? {}) as Record<string, string>;
        let input: unknown;
        if (op.method === 'GET' || op.method === 'DELETE') {
          input = { ...(request.query as Record<string, unknown>), ...params };
        } else {
          const body = request.body;
          if (body !== undefined && body !== null && !isPlainObject(body)) {
            return sendError(
              reply,
              new AppError('BAD_REQUEST', 'The request body must be a JSON object.'),
              deps,
            );
          }
          input = { ...(body ?? {}), ...params };
        }
        if (op.voidInput) input = undefined;
        try {
          const ctx = await createContext(deps, requestInfoOf(request));
          const output = await op.procedure({
            ctx,
            getRawInput: async () => input,
            path: op.procedurePath,
            type: op.procedure._def.type,
            signal: undefined,
            batchIndex: 0,
          });
          return reply.code(op.meta.successStatus ?? 200).send(output);
        } catch (error) {
          return sendError(reply, error, deps);
        }
      },
    });
  }
}
