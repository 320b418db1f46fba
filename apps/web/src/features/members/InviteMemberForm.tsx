import { Button, Group, TextInput } from '@mantine/core';
import { DeferredSelect } from '../../lib/DeferredSelect';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import {
  ASSIGNABLE_ROLES,
  ROLE_LABELS,
  type AssignableRole,
  type OrganizationRole,
} from '@scmp/api/contracts/roles';
import { IconSend } from '@tabler/icons-react';
import { errorEnvelopeOf, useTRPC } from '../../lib/trpc';
import { useMembersRefresh } from './use-member-mutations';

/** E-mail and role; an admin may not offer `admin` (only the owner grants it). */
export function InviteMemberForm({
  organizationUuid,
  myRole,
}: {
  organizationUuid: string;
  myRole: OrganizationRole;
}) {
  const trpc = useTRPC();
  const { refresh, done, failed } = useMembersRefresh();
  const roles = ASSIGNABLE_ROLES.filter((r) => myRole === 'owner' || r !== 'admin');
  const form = useForm<{ email: string; role: AssignableRole }>({
    initialValues: { email: '', role: 'member' },
    validate: { email: (v) => (v.trim() ? null : 'Email is required') },
  });
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: async (res) => {
        done(res.message ?? `Invitation sent to ${res.data.email}.`);
        form.reset();
        await refresh();
      },
      onError: (error) => {
        const errors = errorEnvelopeOf(error)?.errors;
        if (errors?.email?.[0] || errors?.role?.[0]) {
          form.setErrors({ email: errors.email?.[0], role: errors.role?.[0] });
        } else failed(error, 'Failed to send the invitation');
      },
    }),
  );

  return (
    <form
      noValidate
      aria-label="Invite a member"
      onSubmit={form.onSubmit((values) =>
        invite.mutate({ id: organizationUuid, email: values.email.trim(), role: values.role }),
      )}
    >
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Email address"
          type="email"
          autoComplete="off"
          placeholder="colleague@school.org"
          style={{ flex: '1 1 260px' }}
          {...form.getInputProps('email')}
        />
        <DeferredSelect
          label="Role"
          data={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          allowDeselect={false}
          w={160}
          {...form.getInputProps('role')}
        />
        <Button type="submit" loading={invite.isPending} leftSection={<IconSend size={16} />}>
          Send invitation
        </Button>
      </Group>
    </form>
  );
}
