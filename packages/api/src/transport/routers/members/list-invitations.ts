import { z } from 'zod';
import { listInvitations as list, invitationSchema } from '../../../domain/organizations';
import { organizationIdInput } from '../organizations/organization-output';
import { members } from './area';
import { viewOrganization } from '../organizations/area';

export const listInvitations = members
  .authed(
    'GET /organizations/{id}/invitations',
    'Open invitations of an organization',
    viewOrganization,
  )
  .answers(organizationIdInput, z.array(invitationSchema), ({ ctx, input }) =>
    list(ctx.deps, ctx.user.id, input.id),
  );
