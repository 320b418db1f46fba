import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { CLOSURE_TEXTS } from '@scmp/api/contracts/organization-closure';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { formatDate } from '../../lib/format';
import { useRefresh, type Organization } from './closure-shared';

/**
 * Shown while the organization is closing: the date its data is deleted; the owner can restore
 * it or export its data until then, other members see the notice.
 */
export function ClosingBanner({ organization }: { organization: Organization }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const restore = useMutation(
    trpc.organizations.restore.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message, autoClose: 10_000 });
        await refresh();
      },
    }),
  );
  if (organization.status !== 'closing') return null;
  const date = organization.purge_at ? formatDate(organization.purge_at, 'long') : '';
  const owner = organization.role === 'owner';
  return (
    <Alert color="red" variant="light" mb="lg" title="This organization is closing" role="status">
      <Stack gap="xs">
        <Text size="sm">{CLOSURE_TEXTS.closing(date)}</Text>
        {restore.isError && (
          <Text size="sm" c="red.9" role="alert">
            {errorMessage(restore.error, 'Failed to restore the organization')}
          </Text>
        )}
        {owner && (
          <Group>
            <Button
              color="dark"
              onClick={() => restore.mutate({ id: organization.uuid })}
              loading={restore.isPending}
            >
              Restore organization
            </Button>
            <Button variant="default" component="a" href="#organization-data">
              Export data
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
