import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { ErrorAlert } from '../../lib/ErrorAlert';

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
      <Button
        variant={variant}
        fullWidth={fullWidth}
        disabled={resend.isPending || !email}
        onClick={() => resend.mutate({ email })}
      >
        {resend.isPending ? 'Sending...' : 'Resend Verification Email'}
      </Button>
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
