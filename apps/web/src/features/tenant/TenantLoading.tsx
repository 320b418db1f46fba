import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while the tenant's branding loads. */
export function TenantLoading() {
  return (
    <Center mih="100vh" aria-busy="true">
      <Stack align="center" gap="sm">
        <Loader aria-label="Loading site" />
        <Text c="dimmed" size="sm">
          Loading…
        </Text>
      </Stack>
    </Center>
  );
}
