import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, useTRPC } from '../../lib/trpc';

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
        <Alert color="red" role="alert">
          {errorMessage(resend.error, 'Failed to send verification email. Please try again.')}
        </Alert>
      ) : null}
    </Stack>
  );
}
