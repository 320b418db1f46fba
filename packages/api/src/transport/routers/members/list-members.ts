import { z } from 'zod';
import { listMembers as list, memberSchema } from '../../../domain/organizations';
import { organizationIdInput } from '../organizations/organization-output';
import { members } from './area';
import { viewOrganization } from '../organizations/area';

export const listMembers = members
  .authed(
    'GET /organizations/{id}/members',
    'The members of an organization with their roles',
    viewOrganization,
  )
  .answers(organizationIdInput, z.array(memberSchema), ({ ctx, input }) =>
    list(ctx.deps, ctx.user.id, input.id),
  );
