import { envelope, ok } from '../../envelope';
import { connectionOutput, getConnection } from '../../../domain/sso';
import { connectionUuidInput } from './connection-schemas';
import { sso } from './area';

export const getSsoConnection = sso
  .session(
    'GET /organizations/{id}/sso-connections/{uuid}',
    'One connection, with the values to paste into the identity provider',
    { permission: 'manage' },
  )
  .input(connectionUuidInput)
  .output(envelope(connectionOutput))
  .query(async ({ ctx, input }) =>
    ok(await getConnection(ctx.deps, ctx.user, input.id, input.uuid)),
  );
