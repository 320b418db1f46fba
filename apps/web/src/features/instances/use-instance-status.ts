import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useTRPC } from '../../lib/trpc';

/** Suspend/resume with the spec's failure texts; the lists reload after either. */
export function useInstanceStatus() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.instances.changeStatus.mutationOptions({
      onSuccess: async (res, input) => {
        notifications.show({
          color: 'green',
          message: `Instance "${res.data.name}" ${input.action === 'suspend' ? 'suspended' : 'resumed'}.`,
        });
        await queryClient.invalidateQueries({ queryKey: trpc.instances.pathKey() });
      },
      onError: (error, input) =>
        notifications.show({
          color: 'red',
          message: errorMessage(
            error,
            input.action === 'suspend' ? 'Failed to suspend instance' : 'Failed to resume instance',
          ),
        }),
    }),
  );
}
