import { z } from 'zod';
import { envelope, ok } from '../../envelope';
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
  .input(organizationIdInput)
  .output(envelope(z.array(invitationSchema)))
  .query(async ({ ctx, input }) => ok(await list(ctx.deps, ctx.user.id, input.id)));
