import { Button, Group, PasswordInput, Stack, Text, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type ConfirmPasswordFormProps = {
  /** A sentence above the field, e.g. what the password unlocks. */
  intro?: ReactNode;
  label?: string;
  password: string;
  onPasswordChange: (password: string) => void;
  /** Called with a non-empty password; an empty one shows `emptyError` through onEmpty. */
  onConfirm: (password: string) => void;
  onEmpty: () => void;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  submitColor?: ButtonProps['color'];
};

/**
 * "Enter your current password" with Cancel and a submit button: the one form of every step that
 * re-asks for the password before a sensitive change (enabling or disabling two-factor sign-in).
 */
export function ConfirmPasswordForm({
  intro,
  label = 'Current Password',
  password,
  onPasswordChange,
  onConfirm,
  onEmpty,
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  submitColor,
}: ConfirmPasswordFormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!password) {
          onEmpty();
          return;
        }
        onConfirm(password);
      }}
    >
      <Stack>
        {intro ? <Text size="sm">{intro}</Text> : null}
        <PasswordInput
          label={label}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => onPasswordChange(event.currentTarget.value)}
          w={320}
        />
        <Group>
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color={submitColor} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
