import { z } from 'zod';
import { ASSIGNABLE_ROLES } from '../../../contracts/roles';

export const assignableRole = z.enum(ASSIGNABLE_ROLES, {
  error: 'Role must be admin, billing or member',
});

export const tokenInput = z.object({ token: z.string().max(200) });

/**
 * keep_invitations on removing or demoting a member: true keeps the open invitations they sent
 * (by default they are withdrawn). A query parameter on DELETE, so "true"/"false" are taken too.
 */
export const keepInvitations = z
  .union([z.boolean(), z.enum(['true', 'false'])], {
    error: 'keep_invitations must be true or false',
  })
  .optional()
  .transform((value) => value === true || value === 'true')
  .meta({
    description:
      'Keep the open invitations this member sent. By default they are withdrawn when the member ' +
      'is removed or given a role that may not invite (billing, member), and the answer says how many.',
  });
