import { z } from 'zod';
import { namedRefSchema, userRefSchema } from '../../contracts/response-fields';
import { ASSIGNABLE_ROLES, ORGANIZATION_ROLES } from '../../contracts/roles';

/** The member and invitation shapes the API answers with (see organization-schema.ts). */
export const memberSchema = z.strictObject({
  user: userRefSchema.extend({ avatar_url: z.string().nullable() }),
  role: z.enum(ORGANIZATION_ROLES),
  joined_at: z.string(),
});

export type MemberOutput = z.output<typeof memberSchema>;

export const invitationSchema = z.strictObject({
  uuid: z.string(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_ROLES),
  expires_at: z.string(),
  created_at: z.string(),
  invited_by: namedRefSchema.nullable(),
});

export type InvitationOutput = z.output<typeof invitationSchema>;

export const publicInvitationSchema = z.strictObject({
  organization: namedRefSchema,
  inviter_name: z.string().nullable(),
  role: z.enum(ASSIGNABLE_ROLES),
  email: z.string(),
  expires_at: z.string(),
});

export type PublicInvitation = z.output<typeof publicInvitationSchema>;
