import { z } from 'zod';
import { MEMBER_TEXTS } from '../../../contracts/roles';
import { createInvitation as create, invitationSchema } from '../../../domain/organizations';
import { assignableRole } from './schemas';
import { createsOnce } from '../../create-meta';
import { members, manageMembers } from './area';

export const createInvitation = members
  .authed(
    'POST /organizations/{id}/invitations',
    'Invite someone by e-mail with a role (valid 7 days, single use)',
    { ...manageMembers, ...createsOnce },
  )
  .answers(
    z.object({
      id: z.string(),
      email: z
        .string({ error: 'Email is required' })
        .trim()
        .max(255, 'Email must be at most 255 characters')
        .pipe(z.email({ error: 'Please enter a valid email address' })),
      role: assignableRole,
    }),
    invitationSchema,
    MEMBER_TEXTS.invited,
    ({ ctx, input }) =>
      create(ctx.deps, ctx.req, ctx.user, input.id, { email: input.email, role: input.role }),
  );
