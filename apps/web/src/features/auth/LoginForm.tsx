import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';
import { useSession } from '../session/SessionProvider';

export type LoginOutcome =
  | { kind: 'verification-required'; email: string; message: string }
  /** challengeToken proves this sign-in passed the password step (also sent as a cookie). */
  | { kind: 'two-factor'; email: string; challengeToken?: string; passkeyAvailable?: boolean };

const VERIFICATION_NOTICE =
  'Please verify your email address before signing in. Check your inbox for the verification email.';

/** E-mail and password. Success signs in; the two other outcomes go to the page's sub-states. */
export function LoginForm({ onOutcome }: { onOutcome: (outcome: LoginOutcome) => void }) {
  const trpc = useTRPC();
  const { signIn } = useSession();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (v.trim() ? null : 'Email is required'),
      password: (v) => (v ? null : 'Password is required'),
    },
  });
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (res) => {
        const data = res.data;
        if (data.two_factor_required) {
          onOutcome({
            kind: 'two-factor',
            email: data.email ?? form.values.email.trim(),
            challengeToken: data.challenge_token,
            passkeyAvailable: data.passkey_available,
          });
          return;
        }
        if (data.token && data.user) signIn(data.token, data.user);
      },
      onError: (error) => {
        const envelope = errorEnvelopeOf(error);
        if (envelope?.email_verification_required) {
          onOutcome({
            kind: 'verification-required',
            email: envelope.email ?? form.values.email.trim(),
            message: envelope.message || VERIFICATION_NOTICE,
          });
        } else if (envelope?.two_factor_required) {
          onOutcome({ kind: 'two-factor', email: envelope.email ?? form.values.email.trim() });
        }
      },
    }),
  );
  const envelope = login.isError ? errorEnvelopeOf(login.error) : null;
  const showError =
    login.isError && !envelope?.email_verification_required && !envelope?.two_factor_required;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        login.mutate({ email: values.email.trim(), password: values.password }),
      )}
    >
      <Stack>
        {showError ? (
          <Alert color="red" role="alert">
            {errorMessage(login.error, 'Login failed')}
          </Alert>
        ) : null}
        <TextInput
          label="Email address"
          type="email"
          // "webauthn": the browser may offer passkeys here (conditional UI, see LoginPage).
          autoComplete="username webauthn"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot your password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </Stack>
    </form>
  );
}
