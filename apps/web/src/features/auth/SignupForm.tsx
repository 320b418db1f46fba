import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorEnvelopeOf, useTRPC } from '../../lib/trpc';
import type { SessionUser } from '../session';
import { EmailAddressInput } from './auth-links';
import { NewPasswordInputs, matchesPassword } from './password-fields';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { PendingButton } from '../../lib/PendingButton';

const FIELD_OF: Record<string, string> = {
  name: 'name',
  email: 'email',
  password: 'password',
  password_confirmation: 'password_confirmation',
};

/** Full name, e-mail, password twice. Mismatched passwords never leave the browser. */
export function SignupForm({
  onRegistered,
  initialEmail = '',
}: {
  /** Prefilled, e.g. the invited address when coming from an invitation. */
  initialEmail?: string;
  onRegistered: (result: { token: string; user: SessionUser }) => void;
}) {
  const trpc = useTRPC();
  const form = useForm({
    initialValues: { name: '', email: initialEmail, password: '', password_confirmation: '' },
    validate: {
      name: (v) => (v.trim() ? null : 'Full name is required'),
      email: (v) => (v.trim() ? null : 'Email address is required'),
      password: (v) => (v ? null : 'Password is required'),
      password_confirmation: matchesPassword('Please confirm your password'),
    },
  });
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: (res) => onRegistered(res.data),
      onError: (error) => {
        const errors = errorEnvelopeOf(error)?.errors;
        if (!errors) return;
        const mapped: Record<string, string> = {};
        for (const [key, texts] of Object.entries(errors)) {
          const field = FIELD_OF[key];
          if (field && texts[0]) mapped[field] = texts[0];
        }
        form.setErrors(mapped);
      },
    }),
  );
  const fieldErrors = errorEnvelopeOf(register.error)?.errors;
  const showTopError =
    register.isError && !(fieldErrors && Object.keys(fieldErrors).some((k) => k in FIELD_OF));

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        register.mutate({
          name: values.name.trim(),
          email: values.email.trim(),
          password: values.password,
          password_confirmation: values.password_confirmation,
        }),
      )}
    >
      <Stack>
        {showTopError ? <ErrorAlert error={register.error} fallback="Registration failed" /> : null}
        <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('name')} />
        <EmailAddressInput {...form.getInputProps('email')} />
        <NewPasswordInputs
          labels={['Password', 'Confirm password']}
          description="At least 8 characters. A long passphrase is best."
          required
          inputProps={(field) => form.getInputProps(field)}
        />
        <Text size="xs" c="dimmed">
          By creating an account you agree to our{' '}
          <Anchor component={Link} to="/terms" size="xs">
            Terms of Service
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to="/privacy" size="xs">
            Privacy Policy
          </Anchor>
          .
        </Text>
        <PendingButton fullWidth pending={register.isPending} pendingLabel="Creating account...">
          Create account
        </PendingButton>
      </Stack>
    </form>
  );
}
