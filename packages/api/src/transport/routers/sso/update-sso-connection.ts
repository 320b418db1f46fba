import { SSO_TEXTS } from '../../../contracts/sso';
import { connectionOutput, updateConnection } from '../../../domain/sso';
import { updateConnectionInput } from './connection-schemas';
import { sso } from './area';

export const updateSsoConnection = sso
  .session(
    'PATCH /organizations/{id}/sso-connections/{uuid}',
    'Change a connection; a changed provider must be tested again',
    { permission: 'manage' },
  )
  .answers(
    updateConnectionInput,
    connectionOutput,
    SSO_TEXTS.updated,
    ({ ctx, input: { id, uuid, ...rest } }) =>
      updateConnection(ctx.deps, ctx.req, ctx.user, id, uuid, rest),
  );
