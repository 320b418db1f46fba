import type { FastifyInstance } from 'fastify';
import { AppError, accountSecurity, createContext, signedInCaller, type AppDeps } from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { sendError } from '../rest/rest-door';

/** Avatar upload (multipart, field `avatar`) and serving of stored avatars. */
export async function registerAvatarRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post('/api/v1/profile/avatar', async (request, reply) => {
    // The caller's own profile: never stored by a cache.
    reply.header('cache-control', 'no-store');
    try {
      const ctx = await createContext(deps, requestInfoOf(request));
      // A profile edit: sessions only, any API token answers 403.
      const caller = await signedInCaller(ctx, undefined);
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
      }
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts({
          limits: { files: 1, fileSize: accountSecurity.AVATAR_MAX_BYTES + 1 },
        })) {
          if (part.type === 'file') {
            const buffer = await part.toBuffer();
            if (part.fieldname === 'avatar') bytes = buffer;
          }
        }
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw accountSecurity.avatarTooLargeError();
        if (typeof code === 'string' && code.startsWith('FST_')) {
          throw new AppError('BAD_REQUEST', 'The multipart form could not be read.');
        }
        throw error;
      }
      if (!bytes) {
        throw new AppError('VALIDATION_ERROR', accountSecurity.AVATAR_TEXTS.required, {
          errors: { avatar: [accountSecurity.AVATAR_TEXTS.required] },
        });
      }
      const user = await accountSecurity.saveAvatar(deps, ctx.req, caller, bytes);
      return reply.code(200).send({
        success: true,
        message: accountSecurity.AVATAR_TEXTS.updated,
        data: accountSecurity.toUserOutput(user),
      });
    } catch (error) {
      return sendError(reply, error, deps);
    }
  });

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
