import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import {
  AppError,
  callProcedure,
  createContext,
  flagIsOn,
  listOperations,
  toErrorEnvelope,
  type AppDeps,
  type Context,
  type Meta,
  type MultipartContract,
  type Operation,
} from '@scmp/api';
import { requestInfoOf } from '../request-info';
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
  operation: Operation;
  meta: Meta;
  /** Procedures that answer this path instead when the query sets their flag (meta.restFlag). */
  flagged: { flag: string; operation: Operation; meta: Meta }[];
};

/**
 * Every procedure that has OpenAPI meta becomes one REST operation; one whose meta has a
 * restFlag (and `enabled: false`) answers its owner's path and method when the flag is set.
 */
export function restOperations(): RestOperation[] {
  const operations: RestOperation[] = [];
  const flagged: { operation: Operation; meta: Meta }[] = [];
  for (const operation of listOperations()) {
    const meta = operation.meta;
    if (!meta?.openapi) continue;
    if (meta.openapi.enabled === false) {
      if (meta.restFlag) flagged.push({ operation, meta });
      continue;
    }
    operations.push({
      path: meta.openapi.path,
      procedurePath: operation.path,
      method: meta.openapi.method as HTTPMethods,
      url: meta.openapi.path.replace(/\{(\w+)\}/g, ':$1'),
      operation,
      meta,
      flagged: [],
    });
  }
  for (const { operation, meta } of flagged) {
    const { method, path } = meta.openapi!;
    const owner = operations.find((op) => op.method === method && op.path === path);
    if (!owner) throw new Error(`${operation.path}: no operation owns ${method} ${path}`);
    owner.flagged.push({ flag: meta.restFlag!, operation, meta });
  }
  return operations;
}

/** The procedure a request runs: a flagged one when its flag is on in the query, else the owner. */
function chosen(op: RestOperation, request: FastifyRequest): { operation: Operation; meta: Meta } {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return op.flagged.find(({ flag }) => flagIsOn(query[flag])) ?? op;
}

/** Fastify's multipart limit errors in the operation's own words. */
function multipartError(error: unknown, contract: MultipartContract): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return contract.errors.fileTooLarge();
  if (code === 'FST_FILES_LIMIT') return contract.errors.tooManyFiles();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return (
      contract.errors.tooManyFields?.() ??
      new AppError('VALIDATION_ERROR', 'The form has too many fields.')
    );
  }
  if (typeof code === 'string' && code.startsWith('FST_')) {
    return new AppError('BAD_REQUEST', 'The multipart form could not be read.');
  }
  return error;
}

/**
 * A multipart/form-data body as FormData, streamed within the contract's limits (HTTP to call,
 * nothing more: the pipeline turns it into the input, the procedure checks types and sizes).
 */
async function multipartForm(
  request: FastifyRequest,
  contract: MultipartContract,
): Promise<FormData> {
  const form = new FormData();
  try {
    for await (const part of request.parts({
      limits: {
        files: contract.maxFiles,
        fileSize: contract.maxFileBytes,
        ...(contract.maxFields !== undefined ? { fields: contract.maxFields } : {}),
        ...(contract.maxParts !== undefined ? { parts: contract.maxParts } : {}),
      },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // The part's declared type, as a FormData sent to /trpc carries it (same request, same
        // idempotency fingerprint on both doors); the procedures decide types from the bytes.
        const file = new File([new Uint8Array(bytes)], part.filename ?? '', {
          type: part.mimetype,
        });
        form.append(part.fieldname, file);
      } else if (typeof part.value === 'string') {
        form.append(part.fieldname, part.value);
      }
    }
  } catch (error) {
    throw multipartError(error, contract);
  }
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, string>)) {
    form.set(name, value);
  }
  return form;
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

/** Request-wide ceilings of multipart bodies; each upload applies its own, smaller limits. */
const MULTIPART_LIMITS = {
  limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 20, fieldSize: 100_000, parts: 30 },
  throwFileSizeLimit: true,
};

type DoorOptions = { prefix: string; sendSpa: (reply: FastifyReply) => FastifyReply };

/**
 * The REST door: Fastify routes generated from the router's meta. It only translates HTTP into a
 * call (the context, and the input from query or body plus path parameters) and the result into
 * HTTP (success status, RateLimit / Idempotent-Replayed / Set-Cookie headers, the error
 * envelope of docs/api.md); the pipeline itself is the procedure's, run by tRPC (callProcedure), the same as on
 * /trpc. trpc-to-openapi builds the document only.
 *
 * The uploads (meta.multipart) get a scope of their own with @fastify/multipart: the plugin adds
 * two async hooks (onRequest and onResponse, for files saved to disk, which the door never does)
 * to every route of the scope it is registered in, a cost every other request paid for nothing.
 * Elsewhere a multipart body is accepted unread, as the plugin's parser did (app.ts), so a form
 * sent to another operation is answered as before.
 */
export async function registerRestDoor(
  app: FastifyInstance,
  deps: AppDeps,
  options: DoorOptions,
): Promise<void> {
  const operations = restOperations();
  for (const op of operations) if (!op.meta.multipart) registerOperation(app, deps, op, options);
  await app.register(async (uploads) => {
    uploads.removeContentTypeParser('multipart/form-data');
    await uploads.register(multipart, MULTIPART_LIMITS);
    for (const op of operations)
      if (op.meta.multipart) registerOperation(uploads, deps, op, options);
  });
}

/** One operation's route. */
function registerOperation(
  app: FastifyInstance,
  deps: AppDeps,
  op: RestOperation,
  options: DoorOptions,
): void {
  const fail = (reply: FastifyReply, error: unknown) => sendError(reply, error, deps);
  const readsQuery = op.method === 'GET' || op.method === 'DELETE';
  const spaForBrowsers = op.meta.spaForBrowsers === true;
  const fastPath = FAST_PATHS[op.procedurePath];
  const multipartContract = op.meta.multipart;
  // An answer that depends on the caller is never stored by a shared cache or the browser.
  const callerDependent = op.meta.openapi?.protect !== false || op.meta.optionalAuth === true;
  const generic = async (request: FastifyRequest, reply: FastifyReply) => {
    if (spaForBrowsers && prefersHtml(request)) return options.sendSpa(reply);
    let readInput: () => Promise<unknown>;
    if (readsQuery) {
      // A DELETE may also carry its fields as a JSON body (DELETE /user { password }).
      const body = op.method === 'DELETE' && isPlainObject(request.body) ? request.body : {};
      const input = {
        ...(request.query as Record<string, unknown>),
        ...body,
        ...(request.params ?? {}),
      };
      readInput = () => Promise.resolve(input);
    } else if (multipartContract && request.isMultipart()) {
      // Read when the pipeline asks for the input: after the caller and scope checks.
      readInput = () => multipartForm(request, multipartContract);
    } else {
      const body = request.body;
      if (body !== undefined && body !== null && !isPlainObject(body)) {
        return fail(reply, new AppError('BAD_REQUEST', 'The request body must be a JSON object.'));
      }
      const input = { ...(body ?? {}), ...(request.params ?? {}) };
      readInput = () => Promise.resolve(input);
    }
    let ctx: Context | undefined;
    try {
      ctx = await createContext(deps, requestInfoOf(request));
      const target = chosen(op, request);
      const output = await callProcedure(ctx, target.operation, readInput);
      if (ctx.setCookies.length > 0) reply.header('set-cookie', ctx.setCookies);
      reply.headers(ctx.responseHeaders);
      return reply.code(target.meta.successStatus ?? 200).send(output);
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
    // Set before anything runs, so every answer of the operation carries it, errors included.
    ...(callerDependent ? { onRequest: noStore } : {}),
    handler: fastPath
      ? async (request: FastifyRequest, reply: FastifyReply) => {
          if (await fastPath(deps, request, reply, fail)) return reply;
          return generic(request, reply);
        }
      : generic,
  });
}
