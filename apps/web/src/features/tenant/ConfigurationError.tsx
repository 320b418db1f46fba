import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The whole tenant load failed: say so and offer the main public site. */
export function ConfigurationError({
  message,
  mainSiteUrl,
}: {
  message: string;
  mainSiteUrl: string;
}) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" maw={480} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
            <IconAlertTriangle size={32} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Configuration Error
          </Title>
          <Text role="alert">{message}</Text>
          <Button component="a" href={mainSiteUrl}>
            Go to Main Site
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
