import { envelope, ok } from '../../envelope';
import { connectionOutput, getConnection } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { connectionUuidInput } from './connection-schemas';
import { ssoManageMeta } from './manage-meta';

const PATH = '/organizations/{id}/sso-connections';

export const getSsoConnection = sessionProcedure
  .meta(
    ssoManageMeta({
      method: 'GET',
      path: `${PATH}/{uuid}`,
      summary: 'One connection, with the values to paste into the identity provider',
    }),
  )
  .input(connectionUuidInput)
  .output(envelope(connectionOutput))
  .query(async ({ ctx, input }) =>
    ok(await getConnection(ctx.deps, ctx.user, input.id, input.uuid)),
  );
