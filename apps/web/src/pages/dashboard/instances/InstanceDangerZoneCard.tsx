import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconTrash } from '@tabler/icons-react';
import {
  confirmSuspend,
  SUSPEND_CONSEQUENCE,
  type Instance,
  type useInstanceStatus,
} from '../../../features/instances';
import { RoleGate, type Gate } from '../../../features/members';

/** The instance page's Danger Zone: suspend (while active) and delete, for those who may manage. */
export function InstanceDangerZoneCard({
  instance,
  manage,
  status,
  remove,
  confirmDelete,
}: {
  instance: Instance;
  manage: Gate;
  status: ReturnType<typeof useInstanceStatus>;
  remove: { isPending: boolean };
  confirmDelete: () => void;
}) {
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
