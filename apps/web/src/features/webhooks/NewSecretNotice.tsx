import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** The new webhook's signing secret, shown this once, with a copy button and a warning. */
export function NewSecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" role="status" title="Copy the signing secret now">
        This is the only time it is shown. Your receiver uses it to check that each request really
        comes from SCMP (the webhook-signature header, as the Standard Webhooks specification
        describes).
      </Alert>
      <Code block data-testid="new-webhook-secret" style={{ wordBreak: 'break-all' }}>
        {secret}
      </Code>
      <Group justify="space-between">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
      <Text size="sm" c="gray.7">
        Verify with <Code>HMAC-SHA256(base64-decoded key, id.timestamp.body)</Code>; see the API
        guide for a five-line example.
      </Text>
    </Stack>
  );
}
