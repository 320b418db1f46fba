import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { confirmDanger } from './confirm-danger';

/** A small red "Remove"-style button that asks (confirmDanger) before it acts. */
export function DangerButton({
  label,
  disabled,
  children,
  confirmation,
}: {
  /** The accessible name, when the visible text alone does not say what is removed. */
  label?: string;
  disabled?: boolean;
  children: ReactNode;
  confirmation: Parameters<typeof confirmDanger>[0];
}) {
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      aria-label={label}
      disabled={disabled}
      onClick={() => confirmDanger(confirmation)}
    >
      {children}
    </Button>
  );
}
