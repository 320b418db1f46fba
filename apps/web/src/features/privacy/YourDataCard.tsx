import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DataExportStatus } from '@scmp/api/contracts/privacy';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { fullDate } from '../account';
import { downloadDataExport } from './data-export-download';
import { useReauth } from './useReauth';

const STATUS: Record<DataExportStatus, { label: string; color: string }> = {
  pending: { label: 'Preparing', color: 'yellow' },
  ready: { label: 'Ready', color: 'green' },
  expired: { label: 'Expired', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

function size(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Profile → Your data: request an export of your data, see its status, download it. */
export function YourDataCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reauth = useReauth();
  const [downloading, setDownloading] = useState<string | null>(null);
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
  const download = async (uuid: string) => {
    setDownloading(uuid);
    try {
      await reauth.run(() => downloadDataExport(uuid));
    } catch (error) {
      if (!(error instanceof Error && error.message === 'Password confirmation cancelled'))
        notifications.show({
          color: 'red',
          message: errorMessage(error, (error as Error).message),
        });
    } finally {
      setDownloading(null);
    }
  };
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
          <Alert color="red" role="alert">
            {errorMessage(request.error, 'Failed to request your data export')}
          </Alert>
        )}
        <Group>
          <Button onClick={() => request.mutate()} loading={request.isPending}>
            Request data export
          </Button>
        </Group>
        {exports.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label="Your data exports">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Requested</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Available until</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Download</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {exports.map((e) => (
                  <Table.Tr key={e.uuid}>
                    <Table.Td>{fullDate(e.created_at)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS[e.status].color} variant="light">
                        {STATUS[e.status].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{e.expires_at ? fullDate(e.expires_at) : '—'}</Table.Td>
                    <Table.Td>
                      {e.status === 'ready' && (
                        <Button
                          size="xs"
                          variant="light"
                          loading={downloading === e.uuid}
                          onClick={() => void download(e.uuid)}
                          aria-label={`Download the export of ${fullDate(e.created_at)}`}
                        >
                          Download {size(e.size_bytes)}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {reauth.modal}
    </Card>
  );
}
