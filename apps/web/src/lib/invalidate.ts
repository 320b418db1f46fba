import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTRPC } from './trpc';

type Trpc = ReturnType<typeof useTRPC>;

/**
 * What a change made stale, refetched one router (or procedure) after another: `pick` names them,
 * e.g. `(t) => [t.subscription, t.organizations]`; every query under each is invalidated.
 */
export function useInvalidateQueries(pick: (trpc: Trpc) => { pathKey: () => QueryKey }[]) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    for (const router of pick(trpc)) {
      await queryClient.invalidateQueries({ queryKey: router.pathKey() });
    }
  };
}
