import { envelope, ok } from '../../envelope';
import { getConnection } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { connectionOutput, connectionUuidInput } from './connection-schemas';

const PATH = '/organizations/{id}/sso-connections';

export const getSsoConnection = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'GET',
      path: `${PATH}/{uuid}`,
      tags: ['sso'],
      summary: 'One connection, with the values to paste into the identity provider',
      protect: true,
    },
  })
  .input(connectionUuidInput)
  .output(envelope(connectionOutput))
  .query(async ({ ctx, input }) =>
    ok(await getConnection(ctx.deps, ctx.user, input.id, input.uuid)),
  );
