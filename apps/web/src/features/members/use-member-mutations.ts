import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, useTRPC } from '../../lib/trpc';

/**
 * What every members change does afterwards: refresh the members, invitations and organization
 * queries (the caller's own role may have changed), and say what happened or what failed.
 */
export function useMembersRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.organizations.pathKey() }),
      ]),
    done: (message: string) => notifications.show({ color: 'green', message }),
    failed: (error: unknown, fallback: string) =>
      notifications.show({ color: 'red', message: errorMessage(error, fallback) }),
  };
}
