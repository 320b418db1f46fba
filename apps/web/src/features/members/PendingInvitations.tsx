import { Button, Group, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { MEMBER_TEXTS, type OrganizationRole } from '@scmp/api/contracts/roles';
import { useTRPC } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/types';
import { RoleBadge } from './RoleBadge';
import { useMembersRefresh } from './use-member-mutations';
import { notifyServerOutcome } from '../../lib/notify';
import { DataTable } from '../../lib/DataTable';
import { hiddenHeading } from '../../lib/hidden-heading';
import { formatDate } from '../../lib/format';
import { DangerButton } from '../../lib/DangerButton';

type Invitation = RouterOutputs['members']['invitations']['data'][number];

/**
 * Open invitations: who was invited as what, by whom, until when. Resend sends the same
 * invitation again (a new link; the old one stops working); revoke asks first.
 */
export function PendingInvitations({
  organization,
  invitations,
  canManage,
}: {
  organization: { uuid: string; role: OrganizationRole };
  invitations: Invitation[];
  canManage: boolean;
}) {
  const trpc = useTRPC();
  const { refresh, done, failed } = useMembersRefresh();
  const revoke = useMutation(
    trpc.members.revokeInvitation.mutationOptions(
      notifyServerOutcome(
        'Failed to revoke the invitation',
        refresh,
        MEMBER_TEXTS.invitationRevoked,
      ),
    ),
  );
  const resend = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: async (res) => {
        done(`Invitation sent again to ${res.data.email}.`);
        await refresh();
      },
      onError: (error) => failed(error, 'Failed to resend the invitation'),
    }),
  );

  if (invitations.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No pending invitations.
      </Text>
    );
  }
  const resendAllowed = (invitation: Invitation) =>
    canManage && (invitation.role !== 'admin' || organization.role === 'owner');
  return (
    <DataTable
      columns={[
        'Email',
        'Role',
        'Invited by',
        'Expires',
        ...(canManage ? [hiddenHeading('Actions')] : []),
      ]}
      minWidth={640}
      verticalSpacing="xs"
      aria-label="Pending invitations"
    >
      {invitations.map((invitation) => (
        <Table.Tr key={invitation.uuid} data-testid={`invitation-${invitation.email}`}>
          <Table.Td>
            <Text size="sm">{invitation.email}</Text>
          </Table.Td>
          <Table.Td>
            <RoleBadge role={invitation.role} />
          </Table.Td>
          <Table.Td>
            <Text size="sm">{invitation.invited_by?.name ?? '—'}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{formatDate(invitation.expires_at, true)}</Text>
          </Table.Td>
          {canManage ? (
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                {resendAllowed(invitation) ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    aria-label={`Resend the invitation to ${invitation.email}`}
                    loading={resend.isPending && resend.variables?.email === invitation.email}
                    onClick={() =>
                      resend.mutate({
                        id: organization.uuid,
                        email: invitation.email,
                        role: invitation.role,
                      })
                    }
                  >
                    Resend
                  </Button>
                ) : null}
                <DangerButton
                  label={`Revoke the invitation to ${invitation.email}`}
                  confirmation={{
                    title: 'Revoke invitation',
                    message: (
                      <>
                        Revoke the invitation to {invitation.email}? Its link stops working at once.
                      </>
                    ),
                    confirm: 'Revoke',
                    onConfirm: () =>
                      revoke.mutate({ id: organization.uuid, uuid: invitation.uuid }),
                  }}
                >
                  Revoke
                </DangerButton>
              </Group>
            </Table.Td>
          ) : null}
        </Table.Tr>
      ))}
    </DataTable>
  );
}
