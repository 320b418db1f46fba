import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { connectionOutput, listConnections } from '../../../domain/sso';
import { organizationIdInput } from '../organizations/organization-output';
import { sso } from './area';

export const listSsoConnections = sso
  .session(
    'GET /organizations/{id}/sso-connections',
    'The single sign-on connections of an organization (never their secrets)',
    { permission: 'manage' },
  )
  .input(organizationIdInput)
  .output(envelope(z.array(connectionOutput)))
  .query(async ({ ctx, input }) => ok(await listConnections(ctx.deps, ctx.user, input.id)));
