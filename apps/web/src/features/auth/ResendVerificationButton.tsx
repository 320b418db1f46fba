import { Alert, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { PendingButton } from '../../lib/PendingButton';

/** Resend Verification Email: shows Sending... while busy, then the server's success or error text. */
export function ResendVerificationButton({
  email,
  successFallback = 'Verification email sent!',
  variant = 'light',
  fullWidth = false,
}: {
  email: string;
  successFallback?: string;
  variant?: 'light' | 'filled' | 'outline' | 'default';
  fullWidth?: boolean;
}) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());
  return (
    <Stack gap="xs">
      <PendingButton
        variant={variant}
        fullWidth={fullWidth}
        onClick={() => resend.mutate({ email })}
        pending={resend.isPending}
        pendingLabel="Sending..."
        disabled={!email}
      >
        Resend Verification Email
      </PendingButton>
      {resend.isSuccess ? (
        <Alert color="green" role="status">
          {resend.data.message || successFallback}
        </Alert>
      ) : null}
      {resend.isError ? (
        <ErrorAlert
          error={resend.error}
          fallback="Failed to send verification email. Please try again."
        />
      ) : null}
    </Stack>
  );
}
