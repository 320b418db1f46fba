import type { SessionUser } from '../session';

/** A section of the profile page: the signed-in user, and what refetches them after a change. */
export type ProfileSectionProps = { user: SessionUser; onChanged: () => Promise<unknown> };
