import { Avatar, Button, Checkbox, em, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { DeferredSelect } from '../../lib/DeferredSelect';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import {
  ASSIGNABLE_ROLES,
  canChangeMember,
  MEMBER_TEXTS,
  ROLE_LABELS,
  type AssignableRole,
  type OrganizationRole,
} from '@scmp/api/contracts/roles';
import { useNavigate } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/types';
import { RoleBadge } from './RoleBadge';
import { RoleGate } from './RoleGate';
import { useMembersRefresh } from './use-member-mutations';
import { notifyServerOutcome } from '../../lib/notify';
import { formatDate } from '../../lib/format';
import { confirmDanger } from '../../lib/confirm-danger';
import { DataTable } from '../../lib/DataTable';
import { hiddenHeading } from '../../lib/hidden-heading';

type Member = RouterOutputs['members']['list']['data'][number];

type Props = {
  organization: { uuid: string; name: string; role: OrganizationRole };
  members: Member[];
  meUuid: string | undefined;
};

/** Members with their roles: a role select and Remove where the caller may, Leave on their own row. */
export function MembersTable({ organization, members, meUuid }: Props) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { refresh, done, failed } = useMembersRefresh();
  const myRole = organization.role;
  const phone = useMediaQuery(`(max-width: ${em(767.98)})`, false, {
    getInitialValueInEffect: false,
  });
  const changeRole = useMutation(
    trpc.members.changeRole.mutationOptions(
      notifyServerOutcome('Failed to change the role', refresh, MEMBER_TEXTS.roleChanged),
    ),
  );
  const remove = useMutation(
    trpc.members.remove.mutationOptions({
      onSuccess: async (res, input) => {
        const left = input.user_uuid === meUuid;
        done(res.message ?? (left ? MEMBER_TEXTS.left : MEMBER_TEXTS.memberRemoved));
        await refresh();
        if (left) void navigate('/dashboard/organizations');
      },
      onError: (error) => failed(error, 'Failed to remove the member'),
    }),
  );

  const confirmRemove = (member: Member) => {
    // Read when the dialog is confirmed (the dialog's content is rendered once).
    let keepInvitations = false;
    confirmDanger({
      title: 'Remove member',
      body: (
        <Stack gap="sm">
          <Text size="sm">
            Remove {member.user.name} ({member.user.email}) from {organization.name}? They lose
            access at once.
          </Text>
          <Checkbox
            label={`Keep the invitations ${member.user.name} sent`}
            description="By default, the pending invitations they sent are withdrawn."
            onChange={(event) => {
              keepInvitations = event.currentTarget.checked;
            }}
          />
        </Stack>
      ),
      confirm: 'Remove',
      onConfirm: () =>
        remove.mutate({
          id: organization.uuid,
          user_uuid: member.user.uuid,
          keep_invitations: keepInvitations,
        }),
    });
  };
  const confirmLeave = (member: Member) =>
    confirmDanger({
      title: 'Leave organization',
      message: (
        <>Leave {organization.name}? You will lose access to it until someone invites you again.</>
      ),
      confirm: 'Leave',
      onConfirm: () => remove.mutate({ id: organization.uuid, user_uuid: member.user.uuid }),
    });

  const rows = members.map((member) => {
    const isMe = member.user.uuid === meUuid;
    const options = ASSIGNABLE_ROLES.filter(
      (r) => r === member.role || canChangeMember(myRole, member.role, r),
    );
    const editable = !isMe && canChangeMember(myRole, member.role) && options.length > 1;
    const who = (
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar
          src={member.user.avatar_url}
          name={member.user.name}
          color="initials"
          radius="xl"
          size={36}
          alt=""
        />
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {member.user.name}
            {isMe ? ' (you)' : ''}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.user.email}
          </Text>
        </div>
      </Group>
    );
    const role = editable ? (
      <DeferredSelect
        aria-label={`Role of ${member.user.name}`}
        data={options.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        value={member.role}
        allowDeselect={false}
        w={140}
        size="xs"
        disabled={changeRole.isPending}
        onChange={(value) =>
          value &&
          value !== member.role &&
          changeRole.mutate({
            id: organization.uuid,
            user_uuid: member.user.uuid,
            role: value as AssignableRole,
          })
        }
      />
    ) : (
      <RoleBadge role={member.role} />
    );
    const action = isMe ? (
      <RoleGate allowed={member.role !== 'owner'} reason={MEMBER_TEXTS.ownerMustTransfer}>
        <Button size="xs" variant="subtle" color="red" onClick={() => confirmLeave(member)}>
          Leave
        </Button>
      </RoleGate>
    ) : canChangeMember(myRole, member.role) ? (
      <Button
        size="xs"
        variant="subtle"
        color="red"
        aria-label={`Remove ${member.user.name}`}
        loading={remove.isPending && remove.variables?.user_uuid === member.user.uuid}
        onClick={() => confirmRemove(member)}
      >
        Remove
      </Button>
    ) : null;
    return { member, who, role, action, joined: formatDate(member.joined_at) };
  });

  // On a phone the table would hide Role and Leave off-screen: each member is a card instead.
  if (phone) {
    return (
      <Stack gap="sm" component="ul" aria-label="Members" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map(({ member, who, role, action, joined }) => (
          <Paper
            key={member.user.uuid}
            component="li"
            withBorder
            radius="md"
            p="sm"
            data-testid={`member-${member.user.email}`}
          >
            <Stack gap="xs">
              {who}
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed" component="span">
                    Role
                  </Text>
                  {role}
                </Group>
                <Text size="xs" c="dimmed">
                  Joined {joined}
                </Text>
              </Group>
              {action ? <Group justify="flex-end">{action}</Group> : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <DataTable
      columns={['Member', 'Role', 'Joined', hiddenHeading('Actions')]}
      minWidth={640}
      verticalSpacing="sm"
      aria-label="Members"
    >
      {rows.map(({ member, who, role, action, joined }) => (
        <Table.Tr key={member.user.uuid} data-testid={`member-${member.user.email}`}>
          <Table.Td>{who}</Table.Td>
          <Table.Td>{role}</Table.Td>
          <Table.Td>
            <Text size="sm">{joined}</Text>
          </Table.Td>
          <Table.Td>
            <Group justify="flex-end" wrap="nowrap">
              {action}
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
