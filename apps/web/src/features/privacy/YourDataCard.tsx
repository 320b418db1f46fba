import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { DataExportCard, refetchWhilePending } from './DataExportCard';

/** Profile → Your data: request an export of your data, see its status, download it. */
export function YourDataCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery({
    ...trpc.privacy.listDataExports.queryOptions(),
    refetchInterval: refetchWhilePending,
  });
  const request = useMutation(
    trpc.privacy.createDataExport.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message });
        await queryClient.invalidateQueries({ queryKey: trpc.privacy.listDataExports.queryKey() });
      },
    }),
  );

  return (
    <DataExportCard
      section={{ id: 'your-data', titleId: 'your-data-title', titleSize: 'h3' }}
      title="Your data"
      description={
        <>
          Download a copy of the personal data we hold about you: your profile, sign-in methods,
          sessions, notifications, activity, organizations and memberships, support tickets with
          their attachments, invoices, API tokens and webhooks, and consent records. We e-mail you
          when it is ready; the download asks for your password and stays available for 7 days. You
          can request one export every 24 hours.
        </>
      }
      request={{
        ...request,
        label: 'Request data export',
        errorText: 'Failed to request your data export',
        send: () => request.mutate(),
      }}
      exports={list.data?.data ?? []}
      table={{
        label: 'Your data exports',
        downloadLabel: (requested) => `Download the export of ${requested}`,
        withSize: true,
      }}
    />
  );
}
