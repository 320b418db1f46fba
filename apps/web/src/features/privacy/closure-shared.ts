import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** What the closing banner and the close card need of an organization. */
export type Organization = {
  uuid: string;
  name: string;
  role: string;
  status: string;
  purge_at: string | null;
};

/** A date as the closure texts show it: 3 February 2027. */
export const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** Refetches the organization and instance lists after a close or restore. */
export function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.organizations.pathKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.instances.pathKey() });
  };
}
