import type { SessionUser } from './types';

/**
 * The shell (entry chunk) does not carry TanStack Query or the tRPC client: lib/trpc loads with
 * the first page or session that needs data and registers itself here, so the shell can reach
 * its cache once it exists.
 */
export type LoadedDataLayer = {
  seedUser: (user: SessionUser) => void;
  clear: () => void;
};

export const dataLayer: { current: LoadedDataLayer | null } = { current: null };
