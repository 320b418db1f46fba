import type { FastifyInstance } from 'fastify';
import { fileOperations, type AppDeps } from '@scmp/api';
import { requestInfoOf } from '../request-info';
import { sendFileAnswer } from '../rest/file-answer';

/**
 * Attachment downloads of the support desk (see packages/api/src/transport/routers/support). Opening a
 * ticket, with or without attachments, is the support.createTicket procedure on either door.
 */
export async function registerSupportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/v1/support/attachments/:id', (request, reply) =>
    sendFileAnswer(reply, deps, () =>
      fileOperations.supportAttachment(deps, requestInfoOf(request), request.params.id),
    ),
  );
}
