import type { FastifyInstance } from 'fastify';
import { cleanFileName, createContext, supportUploads, type AppDeps } from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { sendError } from '../rest/rest-door';

function contentDisposition(stored: string): string {
  // The shared cleaner once more: no bidirectional control or invisible character in filename*.
  const name = cleanFileName(stored);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Attachment downloads of the support desk (see packages/api/src/routers/support). Opening a
 * ticket, with or without attachments, is the support.createTicket procedure on either door.
 */
export async function registerSupportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
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
