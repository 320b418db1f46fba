import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthCard, useLinkToken } from '../../features/auth';
import { useSession } from '../../features/session';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage, useTRPC } from '../../lib/trpc';

/**
 * /confirm-email-change?token=… — the link sent to a requested new address. It is opened signed
 * in to the account that asked (the route is protected), so the owner of another mailbox cannot
 * attach their address to someone else's account by clicking it.
 */
export default function ConfirmEmailChangePage() {
  usePageMeta('Confirm your new email address');
  const trpc = useTRPC();
  const token = useLinkToken();
  const { refetchUser } = useSession();
  const queryClient = useQueryClient();
  const confirm = useMutation(
    trpc.profile.confirmEmailChange.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.profile.get.queryKey() });
        await refetchUser();
      },
    }),
  );
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit (the token is single use; StrictMode runs effects twice in development).
    if (sent.current || !token) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  if (!token || confirm.isError) {
    return (
      <Outcome title="Email change not confirmed" color="red" role="alert">
        {token
          ? errorMessage(confirm.error, 'The email change could not be confirmed.')
          : 'This email change link is invalid or has expired.'}
      </Outcome>
    );
  }
  if (confirm.isSuccess) {
    return (
      <Outcome title="Email address changed" color="green" role="status">
        {confirm.data.message}
      </Outcome>
    );
  }
  return (
    <AuthCard title="Confirming your new email address">
      <Stack align="center" aria-busy="true">
        <Loader aria-label="Confirming your new email address" />
        <Text size="sm">Please wait while we confirm your new email address...</Text>
      </Stack>
    </AuthCard>
  );
}

/** The confirmation's result: a message and the way back to the profile. */
function Outcome({
  title,
  color,
  role,
  children,
}: {
  title: string;
  color: 'red' | 'green';
  role: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <AuthCard title={title}>
      <Stack>
        <Alert color={color} role={role}>
          {children}
        </Alert>
        <Button component={Link} to="/dashboard/profile">
          Go to Profile
        </Button>
      </Stack>
    </AuthCard>
  );
}
