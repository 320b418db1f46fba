import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { AnyProcedure } from '@trpc/server';
import { z } from 'zod';
import {
  AppError,
  appRouter,
  createContext,
  toErrorEnvelope,
  type AppDeps,
  type Context,
  type Meta,
} from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { REPLAYED, runIdempotently } from './idempotent-run';
import { compileProcedure } from './run-procedure';
import { tenantBrandingFastPath } from '../routes/public-branding';

/**
 * Hot procedures with a native handler in front of the generic one: it answers and resolves true,
 * or resolves false to let the door run the procedure as usual.
 */
type FastPath = (
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  sendError: (reply: FastifyReply, error: unknown) => FastifyReply,
) => Promise<boolean>;

const FAST_PATHS: Record<string, FastPath> = {
  'publicSite.tenantBranding': tenantBrandingFastPath,
};

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

/** Cache-Control for answers that depend on the caller (see docs/api.md, "Caching"). */
export const NO_STORE = 'no-store';

function noStore(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header('cache-control', NO_STORE);
  done();
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
  const fail = (reply: FastifyReply, error: unknown) => sendError(reply, error, deps);
  for (const op of restOperations()) {
    const successStatus = op.meta.successStatus ?? 200;
    const readsQuery = op.method === 'GET' || op.method === 'DELETE';
    const spaForBrowsers = op.meta.spaForBrowsers === true;
    const idempotent = op.method === 'POST' && op.meta.idempotent === true;
    const fastPath = FAST_PATHS[op.procedurePath];
    // An answer that depends on the caller is never stored by a shared cache or the browser.
    const callerDependent = op.meta.openapi?.protect !== false || op.meta.optionalAuth === true;
    const run = compileProcedure(op.procedure, op.procedurePath);
    const generic = async (request: FastifyRequest, reply: FastifyReply) => {
      if (spaForBrowsers && prefersHtml(request)) return options.sendSpa(reply);
      let input: unknown;
      if (readsQuery) {
        if (!op.voidInput) {
          // A DELETE may also carry its fields as a JSON body (DELETE /user { password }).
          const body = op.method === 'DELETE' && isPlainObject(request.body) ? request.body : {};
          input = {
            ...(request.query as Record<string, unknown>),
            ...body,
            ...(request.params ?? {}),
          };
        }
      } else {
        const body = request.body;
        if (body !== undefined && body !== null && !isPlainObject(body)) {
          return fail(
            reply,
            new AppError('BAD_REQUEST', 'The request body must be a JSON object.'),
          );
        }
        if (!op.voidInput) input = { ...(body ?? {}), ...(request.params ?? {}) };
      }
      let ctx: Context | undefined;
      try {
        ctx = await createContext(deps, requestInfoOf(request));
        const key = idempotent ? request.headers['idempotency-key'] : undefined;
        const output =
          typeof key === 'string' && ctx.user
            ? await runIdempotently(
                deps,
                ctx,
                {
                  userId: ctx.user.id,
                  key,
                  operation: `${op.method} ${op.url}`,
                  input,
                  scope: op.meta.scope,
                },
                () => run(ctx!, input),
                reply,
                successStatus,
              )
            : await run(ctx, input);
        if (output === REPLAYED) return reply;
        if (ctx.setCookies.length > 0) reply.header('set-cookie', ctx.setCookies);
        reply.headers(ctx.responseHeaders);
        return reply.code(successStatus).send(output);
      } catch (error) {
        // A refused call still says where its throttles stand (RateLimit headers).
        if (ctx) reply.headers(ctx.responseHeaders);
        return fail(reply, error);
      }
    };
    app.route({
      method: op.method,
      url: `${options.prefix}${op.url}`,
      // GET and DELETE carry no body: no request-decompression hook for them.
      ...(readsQuery ? { decompress: false } : {}),
      // Set before anything runs, so every answer of the operation carries it: errors, and the
      // multipart uploads answered by preHandler hooks on the same route (branding, tickets).
      ...(callerDependent ? { onRequest: noStore } : {}),
      handler: fastPath
        ? async (request: FastifyRequest, reply: FastifyReply) => {
            if (await fastPath(deps, request, reply, fail)) return reply;
            return generic(request, reply);
          }
        : generic,
    });
  }
}
