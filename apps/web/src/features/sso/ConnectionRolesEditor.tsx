import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IconTrash } from '@tabler/icons-react';
import { ROLE_LABELS } from '@scmp/api/contracts/roles';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';

type Role = 'admin' | 'billing' | 'member';
type Mapping = { group: string; role: Role };
type Connection = {
  uuid: string;
  display_name: string;
  default_role: Role;
  group_mappings: Mapping[];
};

const ROLE_OPTIONS = (['member', 'billing', 'admin'] as const).map((r) => ({
  value: r,
  label: ROLE_LABELS[r],
}));

/**
 * A connection's roles for new members: the default role and the group → role mappings (the
 * OIDC `groups` claim, a SAML group attribute); the strongest mapped group wins, owner never.
 */
export function ConnectionRolesEditor({
  organizationUuid,
  connection,
}: {
  organizationUuid: string;
  connection: Connection;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useForm<{ default_role: Role; group_mappings: Mapping[] }>({
    initialValues: {
      default_role: connection.default_role,
      group_mappings: connection.group_mappings,
    },
  });
  const save = useMutation(
    trpc.sso.updateConnection.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message });
        setOpen(false);
        await queryClient.invalidateQueries({ queryKey: trpc.sso.listConnections.pathKey() });
      },
      onError: (error) => {
        const errors = errorEnvelopeOf(error)?.errors ?? {};
        for (const [field, messages] of Object.entries(errors))
          form.setFieldError(field, messages[0]);
        notifications.show({ color: 'red', message: errorMessage(error, 'Could not save') });
      },
    }),
  );

  if (!open) {
    return (
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {connection.group_mappings.length === 0
            ? 'No group mappings: everyone joins with the default role.'
            : `Groups: ${connection.group_mappings
                .map((m) => `${m.group} → ${ROLE_LABELS[m.role]}`)
                .join(', ')}`}
        </Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            form.setValues({
              default_role: connection.default_role,
              group_mappings: connection.group_mappings,
            });
            setOpen(true);
          }}
        >
          Edit roles
        </Button>
      </Group>
    );
  }

  return (
    <form
      aria-label={`Roles for ${connection.display_name}`}
      onSubmit={form.onSubmit((values) =>
        save.mutate({
          id: organizationUuid,
          uuid: connection.uuid,
          default_role: values.default_role,
          group_mappings: values.group_mappings.filter((m) => m.group.trim() !== ''),
        }),
      )}
      noValidate
    >
      <Stack gap="xs" mt="sm">
        <Select
          label="Role for new members"
          data={ROLE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('default_role')}
        />
        <Text size="sm" fw={500}>
          Group → role
        </Text>
        <Text size="xs" c="dimmed">
          Members of a group your identity provider sends (the groups claim) join with its role; the
          strongest matching group wins. Nobody becomes owner through single sign-on.
        </Text>
        {form.values.group_mappings.map((_, index) => (
          <Group key={index} align="flex-end" wrap="nowrap">
            <TextInput
              label="Group"
              placeholder="it-staff"
              style={{ flex: 1 }}
              {...form.getInputProps(`group_mappings.${index}.group`)}
            />
            <Select
              label="Role"
              data={ROLE_OPTIONS}
              allowDeselect={false}
              w={140}
              {...form.getInputProps(`group_mappings.${index}.role`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove group mapping ${index + 1}`}
              onClick={() => form.removeListItem('group_mappings', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => form.insertListItem('group_mappings', { group: '', role: 'member' })}
          >
            Add group mapping
          </Button>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={save.isPending}>
            Save roles
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
