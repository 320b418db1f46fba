import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { connectionOutput, listConnections } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { organizationIdInput } from '../organizations/organization-output';
import { ssoManageMeta } from './manage-meta';

const PATH = '/organizations/{id}/sso-connections';

export const listSsoConnections = sessionProcedure
  .meta(
    ssoManageMeta({
      method: 'GET',
      path: PATH,
      summary: 'The single sign-on connections of an organization (never their secrets)',
    }),
  )
  .input(organizationIdInput)
  .output(envelope(z.array(connectionOutput)))
  .query(async ({ ctx, input }) => ok(await listConnections(ctx.deps, ctx.user, input.id)));
