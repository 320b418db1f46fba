import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { DataExportCard, refetchWhilePending } from './DataExportCard';

/** Organization → "Export organization data" (owner and admins): request, list, download. */
export function OrganizationDataCard({ organization }: { organization: { uuid: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = { id: organization.uuid };
  const list = useQuery({
    ...trpc.privacy.listOrganizationDataExports.queryOptions(input),
    refetchInterval: refetchWhilePending,
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

  return (
    <DataExportCard
      section={{ id: 'organization-data', titleId: 'organization-data-title', titleSize: 'h4' }}
      mt="lg"
      title="Export organization data"
      description={
        <>
          Download a copy of everything this organization holds: its details, members and roles,
          invitations, instances and their health history, branding with its files, support tickets,
          subscription and invoices, activity, webhooks and their deliveries, domains and single
          sign-on connections (never passwords or secrets). We e-mail you when it is ready; the
          download asks for your password and stays available for 7 days. One export per
          organization every 24 hours.
        </>
      }
      request={{
        ...request,
        label: 'Export organization data',
        errorText: 'Failed to request the export',
        send: () => request.mutate(input),
      }}
      exports={list.data?.data ?? []}
      organizationUuid={organization.uuid}
      table={{
        label: 'Organization data exports',
        downloadLabel: (requested) => `Download the organization export of ${requested}`,
        withSize: false,
      }}
    />
  );
}
