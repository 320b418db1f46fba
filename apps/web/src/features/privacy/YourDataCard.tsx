import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { ExportsTable, useExportDownload } from './ExportsTable';
import { ErrorAlert } from '../../lib/ErrorAlert';

/** Profile → Your data: request an export of your data, see its status, download it. */
export function YourDataCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const exporter = useExportDownload();
  const list = useQuery({
    ...trpc.privacy.listDataExports.queryOptions(),
    refetchInterval: (query) =>
      query.state.data?.data.some((e) => e.status === 'pending') ? 3000 : false,
  });
  const request = useMutation(
    trpc.privacy.createDataExport.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message });
        await queryClient.invalidateQueries({
          queryKey: trpc.privacy.listDataExports.queryKey(),
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
      component="section"
      aria-labelledby="your-data-title"
      id="your-data"
    >
      <Stack>
        <Title order={2} size="h3" id="your-data-title">
          Your data
        </Title>
        <Text size="sm" c="gray.7">
          Download a copy of the personal data we hold about you: your profile, sign-in methods,
          sessions, notifications, activity, organizations and memberships, support tickets with
          their attachments, invoices, API tokens and webhooks, and consent records. We e-mail you
          when it is ready; the download asks for your password and stays available for 7 days. You
          can request one export every 24 hours.
        </Text>
        {request.isError && (
          <ErrorAlert error={request.error} fallback="Failed to request your data export" />
        )}
        <Group>
          <Button onClick={() => request.mutate()} loading={request.isPending}>
            Request data export
          </Button>
        </Group>
        {exports.length > 0 && (
          <ExportsTable
            exports={exports}
            label="Your data exports"
            downloadLabel={(requested) => `Download the export of ${requested}`}
            withSize={true}
            downloading={exporter.downloading}
            onDownload={(uuid) => void exporter.download(uuid)}
          />
        )}
      </Stack>
      {exporter.modal}
    </Card>
  );
}
