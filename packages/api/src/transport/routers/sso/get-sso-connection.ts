import { connectionOutput, getConnection } from '../../../domain/sso';
import { organizationItemInput } from '../../organization-item';
import { sso } from './area';

export const getSsoConnection = sso
  .session(
    'GET /organizations/{id}/sso-connections/{uuid}',
    'One connection, with the values to paste into the identity provider',
    { permission: 'manage' },
  )
  .answers(organizationItemInput, connectionOutput, ({ ctx, input }) =>
    getConnection(ctx.deps, ctx.user, input.id, input.uuid),
  );
