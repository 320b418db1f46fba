import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage, useTRPC } from '../../lib/trpc';

/**
 * /restore-account?token=… — the link of the "Your account has been deleted" e-mail, valid 30
 * days. A button (not the page load) restores, so a mail scanner opening the link changes nothing.
 */
export default function RestoreAccountPage() {
  usePageMeta('Restore your account');
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const restore = useMutation(trpc.privacy.restoreAccount.mutationOptions());

  if (restore.isSuccess) {
    return (
      <AuthCard title="Account restored">
        <Stack>
          <Alert color="green" role="status">
            {restore.data.message}
          </Alert>
          <Button component={Link} to="/login">
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Restore your account">
      <Stack>
        {!token || restore.isError ? (
          <Alert color="red" role="alert">
            {token
              ? errorMessage(restore.error, 'The account could not be restored.')
              : 'This restore link is invalid or has expired.'}
          </Alert>
        ) : (
          <Text size="sm">
            Your account was deleted. Restore it to sign in again with your password; your passkeys
            and API tokens were removed and need setting up again, and organizations you left need
            to invite you again.
          </Text>
        )}
        <Button
          onClick={() => restore.mutate({ token })}
          loading={restore.isPending}
          disabled={!token}
        >
          Restore my account
        </Button>
      </Stack>
    </AuthCard>
  );
}
