import type { FastifyInstance } from 'fastify';
import { fileOperations, type AppDeps } from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { sendFileAnswer } from '../rest/file-answer';

/** GET /api/v1/activity/export?type=&days= → the filtered activity log as a CSV download. */
export async function registerActivityExportRoutes(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<void> {
  app.get<{ Querystring: { type?: string; days?: string } }>(
    '/api/v1/activity/export',
    (request, reply) =>
      sendFileAnswer(reply, deps, () =>
        fileOperations.activityExport(deps, requestInfoOf(request), request.query),
      ),
  );
}
