import { z } from 'zod';
import { connectionOutput, listConnections } from '../../../domain/sso';
import { organizationIdInput } from '../organizations/organization-output';
import { sso } from './area';

export const listSsoConnections = sso
  .session(
    'GET /organizations/{id}/sso-connections',
    'The single sign-on connections of an organization (never their secrets)',
    { permission: 'manage' },
  )
  .answers(organizationIdInput, z.array(connectionOutput), ({ ctx, input }) =>
    listConnections(ctx.deps, ctx.user, input.id),
  );
