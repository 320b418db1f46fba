import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { LazyModal } from './LazyOverlay';

export type OneTimeSecretProps = {
  /** The secret, shown this once. */
  value: string;
  /** The warning's title, e.g. "Copy your token now". */
  title: string;
  /** Why it matters; the warning's text after "This is the only time it is shown." */
  children: ReactNode;
  /** The copy button's label, e.g. "Copy token". */
  copyLabel: string;
  /** data-testid of the secret's block, for the browser tests. */
  testId: string;
  /** A hint under the buttons: how the secret is used. */
  hint?: ReactNode;
  onDone: () => void;
};

/**
 * "Show the secret once": a new API token's or webhook's secret, a warning that it is never shown
 * again, a copy button and Done.
 */
export function OneTimeSecret({
  value,
  title,
  children,
  copyLabel,
  testId,
  hint,
  onDone,
}: OneTimeSecretProps) {
  return (
    <Stack>
      <Alert color="yellow" role="status" title={title}>
        This is the only time it is shown. {children}
      </Alert>
      <Code block data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Code>
      <Group justify="space-between">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Copied' : copyLabel}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
      {hint ? (
        <Text size="sm" c="gray.7">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The open/closed state of a "create, then show its secret once" dialog. */
export function useSecretDialog(onClose: () => void) {
  const [opened, setOpened] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return {
    opened,
    secret,
    open: () => setOpened(true),
    reveal: (value: string) => setSecret(value),
    close: () => {
      setOpened(false);
      setSecret(null);
      onClose();
    },
  };
}

/**
 * The dialog that creates a credential and then shows its secret once: the form until the
 * secret is known, then `reveal` of it (a OneTimeSecret).
 */
export function SecretDialog({
  dialog,
  title,
  revealTitle,
  form,
  reveal,
}: {
  dialog: ReturnType<typeof useSecretDialog>;
  title: string;
  revealTitle: string;
  form: ReactNode;
  reveal: (secret: string) => ReactNode;
}) {
  return (
    <LazyModal
      opened={dialog.opened}
      onClose={dialog.close}
      title={dialog.secret ? revealTitle : title}
      size="lg"
    >
      {dialog.secret ? reveal(dialog.secret) : form}
    </LazyModal>
  );
}
