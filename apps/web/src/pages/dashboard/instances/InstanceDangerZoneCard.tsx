import { Button, Card, Group, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  confirmSuspend,
  SUSPEND_CONSEQUENCE,
  type Instance,
  type useInstanceStatus,
} from '../../../features/instances';
import { RoleGate, type Gate } from '../../../features/members';
import { confirmDanger } from '../../../lib/confirm-danger';
import { errorMessage, useTRPC } from '../../../lib/trpc';

/**
 * The instance page's Danger Zone: suspend (while active) and delete, for those who may manage;
 * a deleted instance's page gives way to the instances list.
 */
export function InstanceDangerZoneCard({
  instance,
  manage,
  status,
}: {
  instance: Instance;
  manage: Gate;
  status: ReturnType<typeof useInstanceStatus>;
}) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.instances.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.instances.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.organizations.pathKey() });
        void navigate('/dashboard/instances', {
          state: { message: `Instance "${instance.name}" has been deleted successfully.` },
        });
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: errorMessage(error, 'Failed to delete instance. Please try again.'),
        }),
    }),
  );
  const confirmDelete = () =>
    confirmDanger({
      title: 'Delete instance',
      message: (
        <>
          Are you sure you want to delete the instance &quot;{instance.name}&quot;? Deletion is
          permanent and removes all of its data.
        </>
      ),
      confirm: 'Delete Instance',
      onConfirm: () => remove.mutate({ uuid: instance.uuid }),
    });
  return (
    <Card withBorder radius="md" padding="lg" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Title order={2} size="h4" c="red.8" mb="xs">
        Danger Zone
      </Title>
      {instance.status === 'active' ? (
        <Group justify="space-between" wrap="wrap" mb="md">
          <Text size="sm">{SUSPEND_CONSEQUENCE}</Text>
          <RoleGate {...manage}>
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconPlayerPause size={16} />}
              onClick={() =>
                confirmSuspend(instance.name, () =>
                  status.mutate({ uuid: instance.uuid, action: 'suspend' }),
                )
              }
              loading={status.isPending}
            >
              Suspend
            </Button>
          </RoleGate>
        </Group>
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">Deleting the instance is permanent and removes all of its data.</Text>
        <RoleGate {...manage}>
          <Button
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={confirmDelete}
            loading={remove.isPending}
          >
            Delete Instance
          </Button>
        </RoleGate>
      </Group>
    </Card>
  );
}
