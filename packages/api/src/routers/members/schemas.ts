import { z } from 'zod';
import { ASSIGNABLE_ROLES, ORGANIZATION_ROLES } from '../../contracts/roles';

export const memberSchema = z.object({
  user: z.object({
    uuid: z.string(),
    name: z.string(),
    email: z.string(),
    avatar_url: z.string().nullable(),
  }),
  role: z.enum(ORGANIZATION_ROLES),
  joined_at: z.string(),
});

export const invitationSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_ROLES),
  expires_at: z.string(),
  created_at: z.string(),
  invited_by: z.object({ uuid: z.string(), name: z.string() }).nullable(),
});

export const publicInvitationSchema = z.object({
  organization: z.object({ uuid: z.string(), name: z.string() }),
  inviter_name: z.string().nullable(),
  role: z.enum(ASSIGNABLE_ROLES),
  email: z.string(),
  expires_at: z.string(),
});

export const assignableRole = z.enum(ASSIGNABLE_ROLES, {
  error: 'Role must be admin, billing or member',
});

export const tokenInput = z.object({ token: z.string().max(200) });
