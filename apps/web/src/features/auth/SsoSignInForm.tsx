import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { SSO_TEXTS } from '@scmp/api/contracts/sso';
import { useTRPC } from '../../lib/trpc';
import { ErrorAlert } from '../../lib/ErrorAlert';

/** Sign in with SSO: the work e-mail decides the organization and its identity provider. */
export function SsoSignInForm({ onCancel }: { onCancel: () => void }) {
  const trpc = useTRPC();
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (v) => (v.trim() ? null : SSO_TEXTS.emailRequired) },
  });
  const start = useMutation(
    trpc.sso.start.mutationOptions({
      onSuccess: (result) => window.location.assign(result.data.redirect_url),
    }),
  );
  return (
    <form onSubmit={form.onSubmit((values) => start.mutate({ email: values.email }))} noValidate>
      <Stack>
        <TextInput
          label="Work e-mail"
          type="email"
          autoComplete="email"
          placeholder="you@school.org.uk"
          {...form.getInputProps('email')}
        />
        {start.isError ? (
          <ErrorAlert error={start.error} fallback={SSO_TEXTS.notConfigured} />
        ) : null}
        <Button type="submit" fullWidth loading={start.isPending || start.isSuccess}>
          Continue with SSO
        </Button>
        <Button variant="subtle" onClick={onCancel}>
          Sign in with a password instead
        </Button>
      </Stack>
    </form>
  );
}
