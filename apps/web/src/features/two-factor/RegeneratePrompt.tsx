import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState, type FormEvent } from 'react';

export function RegeneratePrompt({ onSubmit }: { onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    modals.closeAll();
    // An empty answer aborts, as a cancelled prompt would.
    if (password.trim()) onSubmit(password);
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">Enter your password to generate new recovery codes.</Text>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.closeAll()}>
            Cancel
          </Button>
          <Button type="submit">OK</Button>
        </Group>
      </Stack>
    </form>
  );
}
