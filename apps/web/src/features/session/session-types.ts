import type { SessionUser } from '../../lib/types';

/** What SessionSync reports from the auth.me query. */
export type MeState = {
  user: SessionUser | null;
  pending: boolean;
  refetch: () => Promise<unknown>;
};
