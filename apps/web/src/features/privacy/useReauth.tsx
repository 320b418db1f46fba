import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorEnvelopeOf, useTRPC } from '../../lib/trpc';
import { LazyModal } from '../../lib/LazyOverlay';
import { ErrorAlert } from '../../lib/ErrorAlert';

/** True when the server asked for a fresh password confirmation (403 REAUTH_REQUIRED). */
export function isReauthRequired(error: unknown): boolean {
  const rest = (error as { envelope?: { code?: string } | null } | null)?.envelope;
  return (rest?.code ?? errorEnvelopeOf(error)?.code) === 'REAUTH_REQUIRED';
}

/**
 * Runs a sensitive action; when the server answers REAUTH_REQUIRED, asks for the password
 * (POST /user/confirm-password), then runs the action again. Render `modal` once.
 */
export function useReauth(): {
  run: <T>(action: () => Promise<T>) => Promise<T>;
  modal: ReactNode;
} {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const pending = useRef<{ resolve: () => void; reject: (e: unknown) => void } | null>(null);
  const confirm = useMutation(trpc.privacy.confirmPassword.mutationOptions());

  const ask = () =>
    new Promise<void>((resolve, reject) => {
      pending.current = { resolve, reject };
      setPassword('');
      confirm.reset();
      setOpen(true);
    });

  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!isReauthRequired(error)) throw error;
      await ask();
      return action();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const cancel = () => {
    setOpen(false);
    pending.current?.reject(new Error('Password confirmation cancelled'));
    pending.current = null;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(
      { password },
      {
        onSuccess: () => {
          setOpen(false);
          pending.current?.resolve();
          pending.current = null;
        },
      },
    );
  };
  const fieldError = errorEnvelopeOf(confirm.error)?.errors?.password?.[0];

  const modal = (
    <LazyModal opened={open} onClose={cancel} title="Confirm your password" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            For your security, please confirm your password to continue. You will not be asked again
            for 10 minutes.
          </Text>
          {confirm.isError && !fieldError && (
            <ErrorAlert error={confirm.error} fallback="Failed to confirm your password" />
          )}
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            data-autofocus
            value={password}
            error={fieldError}
            onChange={(e) => setPassword(e.currentTarget.value)}
            withAsterisk
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" loading={confirm.isPending} disabled={!password}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </LazyModal>
  );
  return { run, modal };
}
