import { Alert, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import {
  AuthCard,
  AuthFormLink,
  EmailAddressInput,
  NewPasswordInputs,
  matchesPassword,
} from '../../features/auth';
import { usePageMeta } from '../../lib/page-meta';
import { errorEnvelopeOf, useTRPC } from '../../lib/trpc';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { PendingButton } from '../../lib/PendingButton';

const RESET_SUCCESS = 'Password reset successfully. Please sign in with your new password.';

export default function ResetPasswordPage() {
  usePageMeta('Reset your password');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({
    initialValues: { email: params.get('email') ?? '', password: '', password_confirmation: '' },
    validate: {
      password: (v) => (v.length < 8 ? 'Password must be at least 8 characters' : null),
      password_confirmation: matchesPassword(),
    },
  });
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess: () => navigate('/login', { replace: true, state: { message: RESET_SUCCESS } }),
      onError: (error) => {
        const errors = errorEnvelopeOf(error)?.errors;
        if (!errors) return;
        const mapped: Record<string, string> = {};
        for (const field of ['email', 'password', 'password_confirmation']) {
          const text = errors[field]?.[0];
          if (text) mapped[field] = text;
        }
        form.setErrors(mapped);
      },
    }),
  );

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <Stack>
          <Alert color="red" role="alert">
            Invalid or missing reset token
          </Alert>
          <AuthFormLink to="/forgot-password">Request a new reset link</AuthFormLink>
        </Stack>
      </AuthCard>
    );
  }

  const { email, password, password_confirmation } = form.values;
  const complete = Boolean(email.trim() && password && password_confirmation);
  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your account.">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          reset.mutate({
            email: values.email.trim(),
            token,
            password: values.password,
            password_confirmation: values.password_confirmation,
          }),
        )}
      >
        <Stack>
          {reset.isError ? (
            <ErrorAlert error={reset.error} fallback="Failed to reset password" />
          ) : null}
          <EmailAddressInput {...form.getInputProps('email')} />
          <NewPasswordInputs
            labels={['New password', 'Confirm new password']}
            required
            inputProps={(field) => form.getInputProps(field)}
          />
          <PendingButton
            fullWidth
            pending={reset.isPending}
            pendingLabel="Resetting..."
            disabled={!complete}
          >
            Reset password
          </PendingButton>
          <AuthFormLink to="/login">Back to login</AuthFormLink>
        </Stack>
      </form>
    </AuthCard>
  );
}
