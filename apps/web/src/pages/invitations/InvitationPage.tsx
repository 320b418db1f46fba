import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MEMBER_TEXTS, ROLE_LABELS } from '@scmp/api/contracts/roles';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard, ResendVerificationButton } from '../../features/auth';
import { useSession } from '../../features/session';
import { usePageMeta } from '../../lib/page-meta';
import { rememberReturnTo } from '../../lib/return-to';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { formatDate } from '../../lib/format';
import { ErrorAlert } from '../../lib/ErrorAlert';

/**
 * /invitations/{token}, the link of an invitation e-mail: who invited whom to what. A signed-in
 * user with the invited address accepts or declines; a visitor signs in or creates an account
 * with that address prefilled and comes back here (also after verifying the address).
 */
export default function InvitationPage() {
  usePageMeta('Invitation');
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isAuthenticated, signOutLocally } = useSession();
  // Signed in with another address: sign out here and come back to sign in with the invited one.
  // (Not the shell's useSignOut: importing that entry module from this page reshuffles the
  // shared chunks and costs the /login budget a kilobyte.)
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSettled: () => {
        signOutLocally();
        void navigate('/login', {
          state: { from: `/invitations/${token}`, email: invitation?.email },
        });
      },
    }),
  );
  const [declined, setDeclined] = useState(false);
  const query = useQuery({ ...trpc.members.invitation.queryOptions({ token }), retry: false });
  const invitation = query.data?.data;
  const here = `/invitations/${token}`;

  const accept = useMutation(
    trpc.members.acceptInvitation.mutationOptions({
      onSuccess: async (res) => {
        notifications.show({
          color: 'green',
          message: res.message ?? MEMBER_TEXTS.invitationAccepted,
        });
        await queryClient.invalidateQueries({ queryKey: trpc.organizations.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.instances.pathKey() });
        void navigate(`/dashboard/organizations/${res.data.organization_uuid}`, { replace: true });
      },
    }),
  );
  const decline = useMutation(
    trpc.members.declineInvitation.mutationOptions({ onSuccess: () => setDeclined(true) }),
  );

  if (query.isPending) {
    return (
      <AuthCard title="Invitation">
        <Stack aria-busy="true">
          <Skeleton height={20} />
          <Skeleton height={20} width="70%" />
          <Skeleton height={36} />
        </Stack>
      </AuthCard>
    );
  }
  if (declined) {
    return (
      <AuthCard title="Invitation declined">
        <Stack>
          <Text role="status">{MEMBER_TEXTS.invitationDeclined}</Text>
          <Button component={Link} to="/dashboard">
            Go to Dashboard
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  if (query.isError || !invitation) {
    return (
      <AuthCard title="Invitation not found">
        <Stack>
          <Alert color="yellow" role="alert">
            {query.isError
              ? errorMessage(query.error, MEMBER_TEXTS.invitationNotFound)
              : MEMBER_TEXTS.invitationNotFound}
          </Alert>
          <Text size="sm">Ask the person who invited you to send a new invitation.</Text>
          <Button component={Link} to={isAuthenticated ? '/dashboard' : '/'} variant="light">
            {isAuthenticated ? 'Go to Dashboard' : 'Go to the home page'}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const role = ROLE_LABELS[invitation.role].toLowerCase();
  const sameEmail = user && user.email.toLowerCase() === invitation.email.toLowerCase();
  const detour = (to: '/login' | '/signup') => {
    rememberReturnTo(here);
    void navigate(to, { state: { from: here, email: invitation.email } });
  };
  const failure = accept.error ?? decline.error;

  return (
    <AuthCard title={`Join ${invitation.organization.name}`}>
      <Stack>
        <Text>
          {invitation.inviter_name ?? 'Someone'} invited <strong>{invitation.email}</strong> to join{' '}
          <strong>{invitation.organization.name}</strong> as {role}.
        </Text>
        <Text size="sm" c="dimmed">
          This invitation expires on {formatDate(invitation.expires_at, true)}.
        </Text>
        {failure ? (
          <ErrorAlert error={failure} fallback="Something went wrong. Please try again." />
        ) : null}
        {!user ? (
          <>
            <Text size="sm">Sign in or create an account with {invitation.email} to accept.</Text>
            <Stack gap="sm">
              <Button fullWidth onClick={() => detour('/login')}>
                Sign in to accept
              </Button>
              <Button fullWidth variant="default" onClick={() => detour('/signup')}>
                Create an account
              </Button>
            </Stack>
          </>
        ) : !sameEmail ? (
          <>
            <Alert color="yellow" role="alert">
              {MEMBER_TEXTS.invitationWrongEmail} You are signed in as {user.email}.
            </Alert>
            <Button
              variant="default"
              loading={logout.isPending}
              onClick={() => {
                rememberReturnTo(here);
                logout.mutate();
              }}
            >
              Sign out
            </Button>
          </>
        ) : !user.email_verified_at ? (
          <>
            <Alert color="yellow" role="alert">
              {MEMBER_TEXTS.invitationUnverified} We sent a verification link to {user.email}; it
              brings you back here.
            </Alert>
            <ResendVerificationButton email={user.email} fullWidth />
          </>
        ) : (
          <Group grow>
            <Button
              loading={accept.isPending}
              disabled={decline.isPending}
              onClick={() => accept.mutate({ token })}
            >
              Accept invitation
            </Button>
            <Button
              variant="default"
              loading={decline.isPending}
              disabled={accept.isPending}
              onClick={() => decline.mutate({ token })}
            >
              Decline
            </Button>
          </Group>
        )}
      </Stack>
    </AuthCard>
  );
}
