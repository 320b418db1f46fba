import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** The new token, shown this once, with a copy button and a warning. */
export function NewTokenNotice({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" role="status" title="Copy your token now">
        This is the only time it is shown. Store it in your integration&apos;s secret settings;
        anyone holding it can act with its scopes.
      </Alert>
      <Code block data-testid="new-api-token" style={{ wordBreak: 'break-all' }}>
        {token}
      </Code>
      <Group justify="space-between">
        <CopyButton value={token}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
      <Text size="sm" c="gray.7">
        Use it as <Code>Authorization: Bearer {token.slice(0, 17)}…</Code>
      </Text>
    </Stack>
  );
}
