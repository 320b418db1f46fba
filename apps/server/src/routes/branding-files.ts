import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, brandingService, createContext, signedInCaller, type AppDeps } from '@scmp/api';
import { BRANDING_TEXTS } from '@scmp/api/contracts';
import { requestInfoOf } from '../request-info';
import { sendError } from '../rest/rest-door';

type Kind = brandingService.BrandingFileKind;

const UPLOAD_URLS: Record<string, Kind> = {
  '/api/v1/branding/:id/logo': 'logo',
  '/api/v1/branding/:id/favicon': 'favicon',
};

function multipartError(kind: Kind, error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return brandingService.tooLargeError(kind);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    const message = `Send exactly one file in the field "${kind}".`;
    return new AppError('VALIDATION_ERROR', message, { errors: { [kind]: [message] } });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    const message = `Send the ${kind} as multipart/form-data in the field "${kind}".`;
    return new AppError('UNSUPPORTED_MEDIA_TYPE', message, { errors: { [kind]: [message] } });
  }
  // Truncated or malformed bodies (busboy "Unexpected end of form", bad boundaries, …).
  return new AppError('BAD_REQUEST', BRANDING_TEXTS.malformedUpload);
}

/** Reads the one file of the field named `kind` (at most the kind's size limit + nothing else). */
async function readUpload(request: FastifyRequest, kind: Kind): Promise<Buffer> {
  if (!request.isMultipart()) {
    const message = `Send the ${kind} as multipart/form-data in the field "${kind}".`;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { errors: { [kind]: [message] } });
  }
  const maxBytes = brandingService.BRANDING_UPLOAD_RULES[kind].maxBytes;
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { files: 1, fileSize: maxBytes, fields: 5, parts: 6 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== kind) {
          const message = `Upload the file in the field "${kind}".`;
          throw new AppError('VALIDATION_ERROR', message, { errors: { [kind]: [message] } });
        }
        file = bytes;
      }
    }
  } catch (error) {
    throw multipartError(kind, error);
  }
  if (!file || file.length === 0) throw brandingService.missingFileError(kind);
  return file;
}

async function handleUpload(
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
  deps: AppDeps,
  kind: Kind,
): Promise<FastifyReply> {
  try {
    const ctx = await createContext(deps, requestInfoOf(request));
    const user = await signedInCaller(ctx, 'branding:write');
    // Access first: a non-member's id answers 404 and a role without 'manage' 403, without
    // reading the file.
    await brandingService.findBrandingTarget(deps, user.id, request.params.id, 'manage');
    const bytes = await readUpload(request, kind);
    const view = await brandingService.uploadBrandingFile(
      deps,
      user.id,
      request.params.id,
      kind,
      bytes,
    );
    return reply.code(200).send({
      success: true,
      message: kind === 'logo' ? BRANDING_TEXTS.logoUploaded : BRANDING_TEXTS.faviconUploaded,
      data: view,
    });
  } catch (error) {
    return sendError(reply, error, deps);
  }
}

/** Branding uploads (multipart) and the public file route of uploaded logos and favicons. */
export async function registerBrandingFileRoutes(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<void> {
  // The REST door owns POST /api/v1/branding/:id/{logo,favicon} (documented in OpenAPI; it refuses
  // non-multipart bodies with 415); multipart requests are answered here before its handler runs.
  app.addHook('preHandler', (request, reply, done) => {
    const kind =
      request.method === 'POST' ? UPLOAD_URLS[request.routeOptions.url ?? ''] : undefined;
    if (!kind || !request.isMultipart()) return done();
    handleUpload(request as FastifyRequest<{ Params: { id: string } }>, reply, deps, kind).catch(
      (error: Error) => done(error),
    );
  });

  app.get<{ Params: { name: string } }>('/files/branding/:name', async (request, reply) => {
    try {
      const file = await brandingService.brandingFileForDownload(deps, request.params.name);
      const type = brandingService.BRANDING_FILE_TYPES[file.ext]!;
      reply
        .code(200)
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (file.ext === 'svg') {
        reply.header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
      }
      return reply.send(file.bytes);
    } catch (error) {
      return sendError(reply, error, deps);
    }
  });
}
