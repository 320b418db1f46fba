import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/types';

export type Subscription = NonNullable<RouterOutputs['subscription']['get']['data']>;

/** After any subscription change: refetch the subscription area and organization statuses. */
export function useInvalidate() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.subscription.pathKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.organizations.pathKey() });
  };
}

/** After a subscription change succeeded: the server's message (or `done`) in green, then a refetch. */
export function useChanged() {
  const invalidate = useInvalidate();
  return async (res: { message?: string | null }, done: string) => {
    notifications.show({ color: 'green', message: res.message ?? done });
    await invalidate();
  };
}
