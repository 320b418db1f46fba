import { Alert, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AuthCard, AuthFormLink, EmailAddressInput } from '../../features/auth';
import { usePageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { PendingButton } from '../../lib/PendingButton';

export default function ForgotPasswordPage() {
  usePageMeta('Forgot your password?');
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const forgot = useMutation(trpc.auth.forgotPassword.mutationOptions());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    forgot.mutate({ email: email.trim() });
  };
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email address and we will send you a link to reset your password."
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {forgot.isSuccess ? (
            <Alert color="green" role="status">
              {forgot.data.message || 'Password reset link sent to your email'}
            </Alert>
          ) : null}
          {forgot.isError ? (
            <ErrorAlert error={forgot.error} fallback="Failed to send password reset link" />
          ) : null}
          <EmailAddressInput value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PendingButton
            fullWidth
            pending={forgot.isPending}
            pendingLabel="Sending..."
            disabled={!email.trim()}
          >
            Send reset link
          </PendingButton>
          <AuthFormLink to="/login">Back to login</AuthFormLink>
        </Stack>
      </form>
    </AuthCard>
  );
}
