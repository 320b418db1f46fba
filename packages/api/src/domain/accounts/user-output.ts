import { z } from 'zod';
import { publicIdFields, publicIds } from '../../contracts/response-fields';
import type { SessionUser } from '../sessions';

/**
 * The user as every auth answer and GET /user return it: never the hash or secrets. One schema for
 * the shape: the auth, profile and SSO procedures and the server's plain routes all use it.
 */
export const userOutput = z.strictObject({
  ...publicIdFields,
  name: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  two_factor_enabled: z.boolean(),
  is_staff: z.boolean(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  avatar_url: z.string().nullable(),
  created_at: z.string(),
});

export type UserOutput = z.infer<typeof userOutput>;

export function toUserOutput(user: SessionUser): UserOutput {
  return {
    ...publicIds(user.uuid),
    name: user.name,
    email: user.email,
    email_verified_at: user.email_verified_at
      ? new Date(user.email_verified_at).toISOString()
      : null,
    two_factor_enabled: user.two_factor_enabled,
    is_staff: user.is_staff,
    phone: user.phone,
    bio: user.bio,
    location: user.location,
    website: user.website,
    avatar_url: user.avatar_path ? `/files/avatars/${user.avatar_path}` : null,
    created_at: new Date(user.created_at).toISOString(),
  };
}
