import { notifications } from '@mantine/notifications';
import { useInvalidateQueries } from '../../lib/invalidate';
import type { RouterOutputs } from '../../lib/types';

export type Subscription = NonNullable<RouterOutputs['subscription']['get']['data']>;

/** After any subscription change: refetch the subscription area and organization statuses. */
export const useInvalidate = () =>
  useInvalidateQueries((trpc) => [trpc.subscription, trpc.organizations]);

/** After a subscription change succeeded: the server's message (or `done`) in green, then a refetch. */
export function useChanged() {
  const invalidate = useInvalidate();
  return async (res: { message?: string | null }, done: string) => {
    notifications.show({ color: 'green', message: res.message ?? done });
    await invalidate();
  };
}
