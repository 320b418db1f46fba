import { envelope, ok } from '../../envelope';
import { connectionOutput, getConnection } from '../../../domain/sso';
import { organizationItemInput } from '../../organization-item';
import { sso } from './area';

export const getSsoConnection = sso
  .session(
    'GET /organizations/{id}/sso-connections/{uuid}',
    'One connection, with the values to paste into the identity provider',
    { permission: 'manage' },
  )
  .input(organizationItemInput)
  .output(envelope(connectionOutput))
  .query(async ({ ctx, input }) =>
    ok(await getConnection(ctx.deps, ctx.user, input.id, input.uuid)),
  );
