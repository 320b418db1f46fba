import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  cleanFileName,
  createContext,
  supportUploads,
  withRateLimitReporting,
  type AppDeps,
  type Context,
} from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { REPLAYED, runIdempotently } from '../rest/idempotent-run';
import { sendError } from '../rest/rest-door';

const CREATE_URL = '/api/v1/support/tickets';
const FILE_FIELD = /^attachments(\[\d*\])?$/;
const TEXT_FIELDS = new Set([
  'subject',
  'description',
  'category',
  'priority',
  'organization_uuid',
]);
const OPTIONAL_FIELDS = new Set(['priority', 'organization_uuid']);

function multipartError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return supportUploads.fileTooLargeError();
  if (code === 'FST_FILES_LIMIT') return supportUploads.tooManyFilesError();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('VALIDATION_ERROR', 'The form has too many fields.');
  }
  if (typeof code === 'string' && code.startsWith('FST_')) {
    return new AppError('BAD_REQUEST', 'The multipart form could not be read.');
  }
  return error;
}

/** POST /api/v1/support/tickets with multipart/form-data: fields plus attachments[0..4]. */
async function createTicketFromMultipart(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
): Promise<FastifyReply> {
  let ctx: Context | undefined;
  try {
    ctx = await createContext(deps, requestInfoOf(request));
    const caller = ctx;
    // Throttles report RateLimit headers on this answer too, as on the REST door.
    const result = await withRateLimitReporting(caller.responseHeaders, async () => {
      await supportUploads.assertCanOpenTicket(caller);
      const { fields, files } = await readTicketParts(request);
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !caller.user) {
        return supportUploads.openTicketFromUpload(caller, fields, files);
      }
      // Idempotency-Key as for the JSON request: the fields and each file's SHA-256 are the input.
      const input = {
        fields,
        files: files.map((f) => ({
          filename: f.filename,
          sha256: createHash('sha256').update(f.bytes).digest('hex'),
        })),
      };
      return runIdempotently(
        deps,
        caller,
        {
          userId: caller.user.id,
          key,
          operation: 'POST /support/tickets (multipart)',
          input,
          scope: 'support:write',
        },
        () => supportUploads.openTicketFromUpload(caller, fields, files),
        reply,
        201,
      );
    });
    if (result === REPLAYED) return reply;
    reply.headers(caller.responseHeaders);
    return reply.code(201).send(result);
  } catch (error) {
    if (ctx) reply.headers(ctx.responseHeaders);
    return sendError(reply, error, deps);
  }
}

/** The text fields and attachments[0..4] of a multipart ticket. */
async function readTicketParts(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files: supportUploads.UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { files: 5, fileSize: 10 * 1024 * 1024 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (!FILE_FIELD.test(part.fieldname)) {
          throw new AppError(
            'VALIDATION_ERROR',
            'Attach files in the field "attachments[n]" (n from 0 to 4).',
            { errors: { [part.fieldname]: ['Unexpected file field.'] } },
          );
        }
        // A browser sends an empty part for an untouched file input.
        if (!part.filename && bytes.length === 0) continue;
        files.push({ filename: part.filename || 'attachment', bytes });
      } else if (TEXT_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        // An empty optional field (priority, organization_uuid) means "not given".
        if (part.value === '' && OPTIONAL_FIELDS.has(part.fieldname)) continue;
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  return { fields, files };
}

function contentDisposition(stored: string): string {
  // The shared cleaner once more: no bidirectional control or invisible character in filename*.
  const name = cleanFileName(stored);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Uploads and downloads of the support desk (see packages/api/src/routers/support). */
export async function registerSupportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // The REST door owns POST /api/v1/support/tickets for JSON (documented in OpenAPI); multipart
  // requests to the same route are answered here, before the door's handler runs.
  app.addHook('preHandler', (request, reply, done) => {
    if (
      request.method !== 'POST' ||
      request.routeOptions.url !== CREATE_URL ||
      !request.isMultipart()
    ) {
      return done();
    }
    createTicketFromMultipart(request, reply, deps).catch((error: Error) => done(error));
  });

  app.get<{ Params: { id: string } }>('/api/v1/support/attachments/:id', async (request, reply) => {
    try {
      const ctx = await createContext(deps, requestInfoOf(request));
      const file = await supportUploads.attachmentForDownload(ctx, request.params.id);
      const type = file.contentType.startsWith('text/')
        ? `${file.contentType}; charset=utf-8`
        : file.contentType;
      return reply
        .code(200)
        .header('content-type', type)
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    } catch (error) {
      return sendError(reply, error, deps);
    }
  });
}
