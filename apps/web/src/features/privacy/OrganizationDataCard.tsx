import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { ExportsTable, useExportDownload } from './ExportsTable';
import { ErrorAlert } from '../../lib/ErrorAlert';

/** Organization → "Export organization data" (owner and admins): request, list, download. */
export function OrganizationDataCard({ organization }: { organization: { uuid: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const exporter = useExportDownload(organization.uuid);
  const input = { id: organization.uuid };
  const list = useQuery({
    ...trpc.privacy.listOrganizationDataExports.queryOptions(input),
    refetchInterval: (query) =>
      query.state.data?.data.some((e) => e.status === 'pending') ? 3000 : false,
  });
  const request = useMutation(
    trpc.privacy.createOrganizationDataExport.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message });
        await queryClient.invalidateQueries({
          queryKey: trpc.privacy.listOrganizationDataExports.queryKey(input),
        });
      },
    }),
  );
  const exports = list.data?.data ?? [];

  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      mt="lg"
      component="section"
      aria-labelledby="organization-data-title"
      id="organization-data"
    >
      <Stack>
        <Title order={2} size="h4" id="organization-data-title">
          Export organization data
        </Title>
        <Text size="sm" c="gray.7">
          Download a copy of everything this organization holds: its details, members and roles,
          invitations, instances and their health history, branding with its files, support tickets,
          subscription and invoices, activity, webhooks and their deliveries, domains and single
          sign-on connections (never passwords or secrets). We e-mail you when it is ready; the
          download asks for your password and stays available for 7 days. One export per
          organization every 24 hours.
        </Text>
        {request.isError && (
          <ErrorAlert error={request.error} fallback="Failed to request the export" />
        )}
        <Group>
          <Button onClick={() => request.mutate(input)} loading={request.isPending}>
            Export organization data
          </Button>
        </Group>
        {exports.length > 0 && (
          <ExportsTable
            exports={exports}
            label="Organization data exports"
            downloadLabel={(requested) => `Download the organization export of ${requested}`}
            withSize={false}
            downloading={exporter.downloading}
            onDownload={(uuid) => void exporter.download(uuid)}
          />
        )}
      </Stack>
      {exporter.modal}
    </Card>
  );
}
