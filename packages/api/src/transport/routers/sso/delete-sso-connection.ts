import { SSO_TEXTS } from '../../../contracts/sso';
import { messageEnvelope, okMessage } from '../../envelope';
import { deleteConnection } from '../../../domain/sso';
import { connectionUuidInput } from './connection-schemas';
import { sso } from './area';

const PATH = '/organizations/{id}/sso-connections';

export const deleteSsoConnection = sso
  .session(`DELETE ${PATH}/{uuid}`, 'Remove a connection', { permission: 'manage' })
  .input(connectionUuidInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await deleteConnection(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return okMessage(SSO_TEXTS.removed);
  });
