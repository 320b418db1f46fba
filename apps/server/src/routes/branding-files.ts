import type { FastifyInstance } from 'fastify';
import { brandingService, type AppDeps } from '@scmp/api';
import { sendError } from '../rest/rest-door';

/**
 * The public file route of uploaded logos and favicons (a download). Uploading is the
 * branding.uploadBrandingLogo / uploadBrandingFavicon procedures (POST /api/v1/branding/{id}/logo
 * and /favicon on the REST door, FormData on /trpc).
 */
export async function registerBrandingFileRoutes(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<void> {
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
