import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/**
 * Ask before something that cannot be undone (remove, revoke, delete): the question as a short
 * text, Cancel, and a red confirm button labelled `confirm`.
 */
export function confirmDanger({
  title,
  confirm,
  onConfirm,
  ...content
}: {
  title: string;
  confirm: string;
  onConfirm: () => void;
} & ({ message: ReactNode } | { body: ReactNode })) {
  modals.openConfirmModal({
    title,
    // `message` is the question alone; `body` a question with more (e.g. a checkbox).
    children: 'body' in content ? content.body : <Text size="sm">{content.message}</Text>,
    labels: { confirm, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
