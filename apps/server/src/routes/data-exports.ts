import type { FastifyInstance } from 'fastify';
import { fileOperations, type AppDeps } from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { sendFileAnswer } from '../rest/file-answer';

/**
 * GET /api/v1/user/data-exports/:uuid/download and /api/v1/organizations/:id/data-exports/:uuid/
 * download → the export's ZIP, streamed from storage (fileOperations: sessions only, one's own or
 * one's organization's export, a recent password confirmation).
 */
export async function registerDataExportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Params: { uuid: string } }>(
    '/api/v1/user/data-exports/:uuid/download',
    (request, reply) =>
      sendFileAnswer(reply, deps, () =>
        fileOperations.dataExportDownload(deps, requestInfoOf(request), request.params.uuid),
      ),
  );

  app.get<{ Params: { id: string; uuid: string } }>(
    '/api/v1/organizations/:id/data-exports/:uuid/download',
    (request, reply) =>
      sendFileAnswer(reply, deps, () =>
        fileOperations.organizationDataExportDownload(
          deps,
          requestInfoOf(request),
          request.params.id,
          request.params.uuid,
        ),
      ),
  );
}
