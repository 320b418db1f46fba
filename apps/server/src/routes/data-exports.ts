import type { FastifyInstance } from 'fastify';
import {
  AppError,
  createContext,
  dataExports,
  findMemberOrganization,
  requireRecentReauth,
  signedInCaller,
  type AppDeps,
} from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { sendError } from '../rest/rest-door';

/**
 * GET /api/v1/user/data-exports/:uuid/download → the export's ZIP, streamed from storage.
 * Signed-in sessions only (an API token answers 403), the caller's own export (404 otherwise),
 * and a password confirmed in the last 10 minutes (403 REAUTH_REQUIRED otherwise).
 */
export async function registerDataExportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Params: { uuid: string } }>(
    '/api/v1/user/data-exports/:uuid/download',
    async (request, reply) => {
      try {
        const ctx = await createContext(deps, requestInfoOf(request));
        const user = await signedInCaller(ctx, undefined);
        if (!ctx.session)
          throw new AppError('FORBIDDEN', 'API tokens cannot be used for this operation.');
        const row = await dataExports.findOwnDataExport(deps, user.id, request.params.uuid);
        await requireRecentReauth(deps, ctx.session);
        const file = await dataExports.openDataExport(deps, ctx.req, user, row);
        return reply
          .code(200)
          .header('content-type', 'application/zip')
          .header('content-length', String(file.size))
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      } catch (error) {
        return sendError(reply, error, deps);
      }
    },
  );

  /**
   * GET /api/v1/organizations/:id/data-exports/:uuid/download → an organization's export: the
   * owner or an admin (404 for non-members, 403 for other roles), a signed-in session and a fresh
   * password confirmation (403 REAUTH_REQUIRED), as for one's own export.
   */
  app.get<{ Params: { id: string; uuid: string } }>(
    '/api/v1/organizations/:id/data-exports/:uuid/download',
    async (request, reply) => {
      try {
        const ctx = await createContext(deps, requestInfoOf(request));
        const user = await signedInCaller(ctx, undefined);
        if (!ctx.session)
          throw new AppError('FORBIDDEN', 'API tokens cannot be used for this operation.');
        const org = await findMemberOrganization(deps.db, user.id, request.params.id, 'manage');
        const row = await dataExports.findOwnDataExport(deps, user.id, request.params.uuid, org.id);
        await requireRecentReauth(deps, ctx.session);
        const file = await dataExports.openDataExport(deps, ctx.req, user, row);
        return reply
          .code(200)
          .header('content-type', 'application/zip')
          .header('content-length', String(file.size))
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      } catch (error) {
        return sendError(reply, error, deps);
      }
    },
  );
}
