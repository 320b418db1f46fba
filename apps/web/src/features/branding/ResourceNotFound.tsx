import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { BRANDING_TEXTS } from '@scmp/api/contracts/branding';
import { Link } from 'react-router';

/** The branding page of an organization or instance that does not exist or is not the caller's. */
export function ResourceNotFound() {
  return (
    <Paper withBorder p="xl" radius="md" maw={560} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {BRANDING_TEXTS.resourceNotFound}
        </Title>
        <Text c="gray.7">{BRANDING_TEXTS.resourceNotFoundDetail}</Text>
        <Button component={Link} to="/dashboard/organizations" variant="light">
          Back to Organisations
        </Button>
      </Stack>
    </Paper>
  );
}
