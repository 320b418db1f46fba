import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from './trpc';

/** A mutation's onError: a red notification with the server's message, or `fallback`. */
export function notifyError(fallback: string) {
  return (error: unknown) =>
    notifications.show({ color: 'red', message: errorMessage(error, fallback) });
}

/**
 * A mutation's outcome as notifications: `done` in green, then `after` (e.g. a refetch); or the
 * server's message in red (`failed` when it sent none).
 */
export function notifyOutcome(done: string, failed: string, after: () => unknown) {
  return {
    onSuccess: async () => {
      notifications.show({ color: 'green', message: done });
      await after();
    },
    onError: notifyError(failed),
  };
}

/**
 * As notifyOutcome, but the green notification is the server's message (`fallback` when it sent
 * none).
 */
export function notifyServerOutcome(failed: string, after: () => unknown, fallback?: string) {
  return {
    onSuccess: async (result: { message?: string }) => {
      notifications.show({ color: 'green', message: result.message ?? fallback });
      await after();
    },
    onError: notifyError(failed),
  };
}

/**
 * A task a button starts (an upload, an export, a request by hand): `busy` while it runs; when it
 * throws, the error's message (or `failed`) in a red notification.
 */
export function useBusyTask() {
  const [busy, setBusy] = useState(false);
  const run = async (task: () => Promise<unknown>, failed: string) => {
    setBusy(true);
    try {
      await task();
    } catch (err) {
      notifications.show({ color: 'red', message: err instanceof Error ? err.message : failed });
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}
