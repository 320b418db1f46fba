import { Card, Checkbox, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorEnvelopeOf, useTRPC } from '../../lib/trpc';
import { NewPasswordInputs, matchesPassword } from '../auth';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { PendingButton } from '../../lib/PendingButton';

type Values = {
  current_password: string;
  password: string;
  password_confirmation: string;
  revoke_api_tokens: boolean;
};

export function ChangePasswordCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      current_password: '',
      password: '',
      password_confirmation: '',
      revoke_api_tokens: true,
    },
    validate: {
      current_password: (value) => (value ? null : 'Current password is required'),
      password: (value) =>
        !value
          ? 'New password is required'
          : value.length < 8
            ? 'Password must be at least 8 characters'
            : null,
      password_confirmation: matchesPassword('Please confirm your new password'),
    },
  });
  const change = useMutation(
    trpc.profile.changePassword.mutationOptions({
      onSuccess: async () => {
        form.reset();
        notifications.show({ color: 'green', message: 'Password updated successfully.' });
        await queryClient.invalidateQueries({ queryKey: trpc.profile.listSessions.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
      },
      onError: (err) => {
        const envelope = errorEnvelopeOf(err);
        if (envelope?.errors) {
          form.setErrors(
            Object.fromEntries(Object.entries(envelope.errors).map(([k, v]) => [k, v[0]])),
          );
        }
      },
    }),
  );
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="change-password">
      <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate>
        <Stack maw={420}>
          <Title order={2} size="h3" id="change-password">
            Change Password
          </Title>
          {change.isError && !errorEnvelopeOf(change.error)?.errors && (
            <ErrorAlert error={change.error} fallback="Failed to update password" />
          )}
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            withAsterisk
            key={form.key('current_password')}
            {...form.getInputProps('current_password')}
          />
          <NewPasswordInputs
            labels={['New Password', 'Confirm New Password']}
            withAsterisk
            fieldKey={(field) => form.key(field)}
            inputProps={(field) => form.getInputProps(field)}
          />
          <Checkbox
            label="Also revoke my API tokens"
            description="Integrations using them stop working until you create new tokens."
            key={form.key('revoke_api_tokens')}
            {...form.getInputProps('revoke_api_tokens', { type: 'checkbox' })}
          />
          <Group>
            <PendingButton pending={change.isPending} pendingLabel="Updating...">
              Update Password
            </PendingButton>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
