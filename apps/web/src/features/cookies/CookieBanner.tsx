import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';

type Props = {
  onAcceptAll: () => void;
  onEssentialOnly: () => void;
  onCustomize: () => void;
};

/** Fixed to the bottom of the viewport, so showing or hiding it never shifts the page layout. */
export function CookieBanner({ onAcceptAll, onEssentialOnly, onCustomize }: Props) {
  return (
    <Paper
      component="section"
      role="region"
      aria-label="Cookie consent"
      shadow="xl"
      radius={0}
      p="md"
      withBorder
      style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 300 }}
    >
      <Group justify="space-between" align="center" gap="md" maw={1200} mx="auto" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 420px' }}>
          <Text fw={700} component="h2" size="md" m={0}>
            We use cookies to enhance your experience
          </Text>
          <Text size="sm" c="dimmed">
            Essential cookies keep the site working. With your permission we also use functional,
            analytics and marketing cookies. Read our{' '}
            <Anchor href="/cookies" target="_blank" rel="noopener noreferrer">
              Cookie Policy
            </Anchor>{' '}
            and{' '}
            <Anchor href="/privacy" target="_blank" rel="noopener noreferrer">
              Privacy Policy
            </Anchor>
            .
          </Text>
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Button variant="default" onClick={onEssentialOnly}>
            Essential Only
          </Button>
          <Button variant="light" onClick={onCustomize}>
            Customize
          </Button>
          <Button onClick={onAcceptAll}>Accept All</Button>
        </Group>
      </Group>
    </Paper>
  );
}
