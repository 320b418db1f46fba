import { Alert, Anchor, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';
import { useSession } from '../session';
import { PendingButton } from '../../lib/PendingButton';

export type LoginOutcome =
  | { kind: 'verification-required'; email: string; message: string }
  /** challengeToken proves this sign-in passed the password step (also sent as a cookie). */
  | { kind: 'two-factor'; email: string; challengeToken?: string; passkeyAvailable?: boolean };

const VERIFICATION_NOTICE =
  'Please verify your email address before signing in. Check your inbox for the verification email.';

/** E-mail and password. Success signs in; the two other outcomes go to the page's sub-states. */
export function LoginForm({
  onOutcome,
  initialEmail = '',
}: {
  onOutcome: (outcome: LoginOutcome) => void;
  /** Prefilled, e.g. the invited address when coming from an invitation. */
  initialEmail?: string;
}) {
  const trpc = useTRPC();
  const { signIn } = useSession();
  // Two fields and two rules: plain state instead of @mantine/form, whose 6 KB would count
  // against the /login budget (150 KB of JavaScript before the page is usable).
  const [values, setValues] = useState({ email: initialEmail, password: '' });
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const field = (name: 'email' | 'password') => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (res) => {
        const data = res.data;
        if (data.two_factor_required) {
          onOutcome({
            kind: 'two-factor',
            email: data.email ?? values.email.trim(),
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
            email: envelope.email ?? values.email.trim(),
            message: envelope.message || VERIFICATION_NOTICE,
          });
        } else if (envelope?.two_factor_required) {
          onOutcome({ kind: 'two-factor', email: envelope.email ?? values.email.trim() });
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
      onSubmit={(event) => {
        event.preventDefault();
        const problems = {
          email: values.email.trim() ? undefined : 'Email is required',
          password: values.password ? undefined : 'Password is required',
        };
        setErrors(problems);
        if (problems.email || problems.password) return;
        login.mutate({ email: values.email.trim(), password: values.password });
      }}
    >
      <Stack>
        {showError ? (
          <Alert color="red" role="alert">
            {errorMessage(login.error, 'Login failed')}
            {envelope?.code === 'SSO_REQUIRED' && typeof envelope.sso_url === 'string' ? (
              <>
                {' '}
                <Anchor href={envelope.sso_url}>Sign in through your identity provider</Anchor>
              </>
            ) : null}
          </Alert>
        ) : null}
        <TextInput
          label="Email address"
          type="email"
          // "webauthn": the browser may offer passkeys here (conditional UI, see LoginPage).
          autoComplete="username webauthn"
          required
          {...field('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...field('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot your password?
          </Anchor>
        </Group>
        <PendingButton fullWidth pending={login.isPending} pendingLabel="Signing in...">
          Sign in
        </PendingButton>
      </Stack>
    </form>
  );
}
