import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { VisuallyHidden } from '@mantine/core';
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

/** Organization → "Export organization data" (owner and admins): request, list, download. */
export function OrganizationDataCard({ organization }: { organization: { uuid: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reauth = useReauth();
  const [downloading, setDownloading] = useState<string | null>(null);
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
  const download = async (uuid: string) => {
    setDownloading(uuid);
    try {
      await reauth.run(() => downloadDataExport(uuid, organization.uuid));
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
          <Alert color="red" role="alert">
            {errorMessage(request.error, 'Failed to request the export')}
          </Alert>
        )}
        <Group>
          <Button onClick={() => request.mutate(input)} loading={request.isPending}>
            Export organization data
          </Button>
        </Group>
        {exports.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label="Organization data exports">
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
                          aria-label={`Download the organization export of ${fullDate(e.created_at)}`}
                        >
                          Download
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
