import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listConnections } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { organizationIdInput } from '../organizations/organization-output';
import { connectionOutput } from './connection-schemas';

const PATH = '/organizations/{id}/sso-connections';

export const listSsoConnections = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'GET',
      path: PATH,
      tags: ['sso'],
      summary: 'The single sign-on connections of an organization (never their secrets)',
      protect: true,
    },
  })
  .input(organizationIdInput)
  .output(envelope(z.array(connectionOutput)))
  .query(async ({ ctx, input }) => ok(await listConnections(ctx.deps, ctx.user, input.id)));
