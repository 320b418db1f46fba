import { notifications } from '@mantine/notifications';
import { useState } from 'react';

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
