import { Code, Paper, Text } from '@mantine/core';

/** Development builds only: a page's state as JSON, for whoever is debugging it. */
export function DebugPanel({ value }: { value: unknown }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="debug-panel">
      <Text size="xs" fw={700}>
        Debug
      </Text>
      <Code block>{JSON.stringify(value, null, 2)}</Code>
    </Paper>
  );
}
