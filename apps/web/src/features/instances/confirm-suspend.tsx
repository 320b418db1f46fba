import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** What suspending does, said before it happens (issue 40): the portal goes offline at once. */
export const SUSPEND_CONSEQUENCE =
  "Parents and staff will see a 'temporarily unavailable' page until you resume.";

/** Suspend takes a live portal offline: it asks first, and only Confirm suspends. */
export function confirmSuspend(instanceName: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title: `Suspend ${instanceName}?`,
    children: (
      <Text size="sm" data-testid="suspend-consequence">
        {SUSPEND_CONSEQUENCE}
      </Text>
    ),
    labels: { confirm: 'Suspend instance', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
