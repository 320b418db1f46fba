import { SSO_TEXTS } from '../../../contracts/sso';
import { envelope, ok } from '../../envelope';
import { connectionOutput, updateConnection } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { updateConnectionInput } from './connection-schemas';
import { ssoManageMeta } from './manage-meta';

const PATH = '/organizations/{id}/sso-connections';

export const updateSsoConnection = sessionProcedure
  .meta(
    ssoManageMeta({
      method: 'PATCH',
      path: `${PATH}/{uuid}`,
      summary: 'Change a connection; a changed provider must be tested again',
    }),
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
