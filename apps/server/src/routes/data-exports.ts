import type { FastifyInstance } from 'fastify';
import { fileOperations, type AppDeps } from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { sendFileAnswer } from '../rest/file-answer';

/**
 * GET /api/v1/user/data-exports/:uuid/download → the export's ZIP, streamed from storage
 * (fileOperations.dataExportDownload: sessions only, the caller's own export, a recent password).
 */
export async function registerDataExportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Params: { uuid: string } }>(
    '/api/v1/user/data-exports/:uuid/download',
    (request, reply) =>
      sendFileAnswer(reply, deps, () =>
        fileOperations.dataExportDownload(deps, requestInfoOf(request), request.params.uuid),
      ),
  );
}
