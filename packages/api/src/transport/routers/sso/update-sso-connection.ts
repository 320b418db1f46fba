import { SSO_TEXTS } from '../../../contracts/sso';
import { envelope, ok } from '../../envelope';
import { connectionOutput, updateConnection } from '../../../domain/sso';
import { updateConnectionInput } from './connection-schemas';
import { sso } from './area';

export const updateSsoConnection = sso
  .session(
    'PATCH /organizations/{id}/sso-connections/{uuid}',
    'Change a connection; a changed provider must be tested again',
    { permission: 'manage' },
  )
  .input(updateConnectionInput)
  .output(envelope(connectionOutput))
  .mutation(async ({ ctx, input }) => {
    const { id, uuid, ...rest } = input;
    return ok(
      await updateConnection(ctx.deps, ctx.req, ctx.user, id, uuid, rest),
      SSO_TEXTS.updated,
    );
  });
