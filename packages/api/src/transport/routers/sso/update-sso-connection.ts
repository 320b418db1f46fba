import { SSO_TEXTS } from '../../../contracts/sso';
import { envelope, ok } from '../../envelope';
import { updateConnection } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { connectionOutput, updateConnectionInput } from './connection-schemas';

const PATH = '/organizations/{id}/sso-connections';

export const updateSsoConnection = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'PATCH',
      path: `${PATH}/{uuid}`,
      tags: ['sso'],
      summary: 'Change a connection; a changed provider must be tested again',
      protect: true,
    },
  })
  .input(updateConnectionInput)
  .output(envelope(connectionOutput))
  .mutation(async ({ ctx, input }) => {
    const { id, uuid, ...rest } = input;
    return ok(
      await updateConnection(ctx.deps, ctx.req, ctx.user, id, uuid, rest),
      SSO_TEXTS.updated,
    );
  });
