import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { can, type OrganizationRole } from '@scmp/api/contracts/roles';
import { useSession } from '../session';
import { useTRPC } from '../../lib/trpc';
import { InviteMemberForm } from './InviteMemberForm';
import { MembersTable } from './MembersTable';
import { PendingInvitations } from './PendingInvitations';
import { TransferOwnership } from './TransferOwnership';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { SkeletonRows } from '../../lib/ListState';

type Organization = { uuid: string; name: string; role: OrganizationRole };

/** The Members tab of an organization: members, invitations and ownership, as the role allows. */
export function MembersPanel({ organization }: { organization: Organization }) {
  const trpc = useTRPC();
  const { user } = useSession();
  const members = useQuery(trpc.members.list.queryOptions({ id: organization.uuid }));
  const invitations = useQuery(trpc.members.invitations.queryOptions({ id: organization.uuid }));
  const canManage = can(organization.role, 'manageMembers');
  const list = members.data?.data ?? [];

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Members
        </Title>
        {members.isPending ? (
          <SkeletonRows count={2} height={36} aria-busy="true" />
        ) : members.isError ? (
          <ErrorAlert error={members.error} fallback="Failed to load the members" />
        ) : (
          <MembersTable organization={organization} members={list} meUuid={user?.uuid} />
        )}
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Invitations
        </Title>
        {canManage ? (
          <Stack gap="md" mb="md">
            <Text size="sm" c="dimmed">
              An invitation is e-mailed with a link valid for 7 days; the person signs in or creates
              an account with that address to join.
            </Text>
            <InviteMemberForm organizationUuid={organization.uuid} myRole={organization.role} />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" mb="md">
            Only the owner or an admin can invite people to this organization.
          </Text>
        )}
        {invitations.isPending ? (
          <Skeleton height={36} />
        ) : invitations.isError ? (
          <ErrorAlert error={invitations.error} fallback="Failed to load the invitations" />
        ) : (
          <PendingInvitations
            organization={organization}
            invitations={invitations.data.data}
            canManage={canManage}
          />
        )}
      </Card>

      {organization.role === 'owner' ? (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Transfer ownership
          </Title>
          <TransferOwnership
            organization={organization}
            candidates={list
              .filter((m) => m.role !== 'owner')
              .map((m) => ({ uuid: m.user.uuid, name: m.user.name, email: m.user.email }))}
          />
        </Card>
      ) : null}
    </Stack>
  );
}
