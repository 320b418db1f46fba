import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { PASSKEY_TEXTS } from '@scmp/api/contracts/passkeys';
import { useState, type FormEvent } from 'react';

/** The rename dialog's form: a new name for the passkey. */
export function RenamePasskeyForm({
  current,
  onSubmit,
}: {
  current: string;
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    modals.closeAll();
    onSubmit(name.trim());
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="Passkey name"
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.currentTarget.value)}
          error={name.trim() ? null : PASSKEY_TEXTS.nameRequired}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.closeAll()}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The remove confirmation. For the last passkey of an account with two-factor off it asks for
 * the password, which the server requires then.
 */
export function RemovePasskeyForm({
  name,
  needsPassword,
  onConfirm,
}: {
  name: string;
  needsPassword: boolean;
  onConfirm: (password: string | undefined) => void;
}) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (needsPassword && !password) return;
    modals.closeAll();
    onConfirm(needsPassword ? password : undefined);
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">
          &ldquo;{name}&rdquo; will no longer sign you in. You can add it again later.
        </Text>
        {needsPassword ? (
          <PasswordInput
            label="Current Password"
            description="This is your last passkey: confirm with your password."
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-autofocus
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.closeAll()}>
            Cancel
          </Button>
          <Button type="submit" color="red" disabled={needsPassword && !password}>
            Remove passkey
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
