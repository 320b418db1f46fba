import { notifications } from '@mantine/notifications';
import { errorMessage } from './trpc';

/** A mutation's onError: a red notification with the server's message, or `fallback`. */
export function notifyError(fallback: string) {
  return (error: unknown) =>
    notifications.show({ color: 'red', message: errorMessage(error, fallback) });
}
