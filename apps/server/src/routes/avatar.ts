import type { FastifyInstance } from 'fastify';
import { AppError, accountSecurity, type AppDeps } from '@scmp/api';
import { sendError } from '../rest/rest-door';

/**
 * Serving of stored avatars (a public download). Uploading is the profile.uploadAvatar procedure
 * (POST /api/v1/profile/avatar on the REST door, FormData on /trpc).
 */
export async function registerAvatarRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Params: { name: string } }>('/files/avatars/:name', async (request, reply) => {
    const bytes = await accountSecurity.readAvatar(deps, request.params.name);
    if (!bytes) {
      return sendError(reply, new AppError('NOT_FOUND', 'Not found'), deps);
    }
    return reply
      .code(200)
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(bytes);
  });
}
