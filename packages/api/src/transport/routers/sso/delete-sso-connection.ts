import { SSO_TEXTS } from '../../../contracts/sso';
import { messageEnvelope, okMessage } from '../../envelope';
import { deleteConnection } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { connectionUuidInput } from './connection-schemas';
import { ssoManageMeta } from './manage-meta';

const PATH = '/organizations/{id}/sso-connections';

export const deleteSsoConnection = sessionProcedure
  .meta(ssoManageMeta({ method: 'DELETE', path: `${PATH}/{uuid}`, summary: 'Remove a connection' }))
  .input(connectionUuidInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await deleteConnection(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return okMessage(SSO_TEXTS.removed);
  });
