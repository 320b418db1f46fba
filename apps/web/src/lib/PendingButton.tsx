import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A button whose action may be running: it says what it is doing then (`pendingLabel`, e.g.
 * "Saving..."), and is disabled while `pending` or `disabled`. It submits its form unless it has
 * an `onClick` of its own.
 */
export function PendingButton({
  pending,
  pendingLabel,
  disabled = false,
  onClick,
  children,
  ...button
}: ButtonProps & {
  pending: boolean;
  pendingLabel: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type={onClick ? 'button' : 'submit'}
      onClick={onClick}
      disabled={disabled || pending}
      {...button}
    >
      {pending ? pendingLabel : children}
    </Button>
  );
}
