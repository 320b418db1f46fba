import type { Insertable, Kysely } from 'kysely';
import type { Database, UsersTable } from '@scmp/db';

/**
 * Inserts a new account's `users` row with no profile fields yet (phone, bio, location, website,
 * avatar), created and updated at `now`; the caller adds what the insert returns. Registration
 * (accounts) and single sign-on's just-in-time provisioning (sso) both create accounts, and sso
 * sits below accounts, so the one insert lives here, below both.
 */
export function insertNewUser(
  db: Kysely<Database>,
  user: Pick<Insertable<UsersTable>, 'name' | 'email' | 'password_hash' | 'email_verified_at'>,
  now: Date,
) {
  return db.insertInto('users').values({
    ...user,
    phone: null,
    bio: null,
    location: null,
    website: null,
    avatar_path: null,
    created_at: now,
    updated_at: now,
  });
}
