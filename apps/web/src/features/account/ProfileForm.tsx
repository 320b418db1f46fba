import {
  Alert,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionUser } from '../session';
import type { ProfileSectionProps } from './types';
import { TextFields, type TextFieldSpec } from '../../lib/TextFields';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';
import { notifyError } from '../../lib/notify';

type Values = {
  name: string;
  email: string;
  phone: string;
  location: string;
  website: string;
  bio: string;
  current_password: string;
};

/** The profile's text fields, in the order of the form. */
const CONTACT_FIELDS: TextFieldSpec<keyof Values>[] = [
  { name: 'name', label: 'Full Name', withAsterisk: true, autoComplete: 'name' },
  {
    name: 'email',
    label: 'Email Address',
    withAsterisk: true,
    type: 'email',
    autoComplete: 'email',
  },
  {
    name: 'phone',
    label: 'Phone Number',
    type: 'tel',
    autoComplete: 'tel',
    placeholder: '+44 20 7946 0958',
  },
  { name: 'location', label: 'Location', placeholder: 'City, Country' },
  {
    name: 'website',
    label: 'Website',
    type: 'url',
    placeholder: 'https://example.com',
    autoComplete: 'url',
  },
];

const valuesOf = (user: SessionUser): Values => ({
  name: user.name,
  email: user.email,
  phone: user.phone ?? '',
  location: user.location ?? '',
  website: user.website ?? '',
  bio: user.bio ?? '',
  current_password: '',
});

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The requested new address, until its confirmation link is opened, with Resend and Cancel. */
function PendingEmailChange({ email, onChanged }: { email: string; onChanged: () => unknown }) {
  const trpc = useTRPC();
  // Either button: the server's message, then the profile refetched; or why it failed.
  const outcome = (failed: string) => ({
    onSuccess: (result: { message?: string }) => {
      notifications.show({ color: 'green', message: result.message });
      onChanged();
    },
    onError: notifyError(failed),
  });
  const resend = useMutation(
    trpc.profile.resendEmailChange.mutationOptions(outcome('Failed to resend')),
  );
  const cancel = useMutation(
    trpc.profile.cancelEmailChange.mutationOptions(outcome('Failed to cancel')),
  );
  return (
    <Alert color="yellow" title="Email change pending" data-testid="pending-email-change">
      <Stack gap="xs">
        <Text size="sm">
          We sent a confirmation link to <strong>{email}</strong>. Your email address changes when
          you open it; until then your account keeps its current address.
        </Text>
        <Group gap="xs">
          {(
            [
              [resend, 'Resend link', 'Sending...'],
              [cancel, 'Cancel change', 'Cancelling...'],
            ] as const
          ).map(([mutation, label, pending]) => (
            <Button
              key={label}
              size="xs"
              variant="default"
              disabled={resend.isPending || cancel.isPending}
              onClick={() => mutation.mutate()}
            >
              {mutation.isPending ? pending : label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Alert>
  );
}

/** The profile's contact details and bio, saved together (a new e-mail needs the password). */
export function ProfileForm({ user, onChanged }: ProfileSectionProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profile = useQuery(trpc.profile.get.queryOptions());
  const pendingEmail = profile.data?.data.pending_email ?? null;
  const refreshProfile = () =>
    queryClient.invalidateQueries({ queryKey: trpc.profile.get.queryKey() });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(user),
    validate: {
      name: (value) => (value.trim() ? null : 'Full name is required'),
      email: (value) =>
        !value.trim()
          ? 'Email is required'
          : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
            ? null
            : 'Invalid email address',
      bio: (value) =>
        value.length > 1000 ? 'The bio may not be longer than 1,000 characters.' : null,
      current_password: (value, values) =>
        !sameEmail(values.email, user.email) && !value
          ? 'Enter your current password to change your email address.'
          : null,
    },
  });

  useEffect(() => {
    // Keep the form's baseline in step with the saved user (after a save or avatar change).
    if (!form.isDirty()) {
      form.setInitialValues(valuesOf(user));
      form.setValues(valuesOf(user));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const save = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: async (result) => {
        const saved = valuesOf(result.data);
        form.setInitialValues(saved);
        form.setValues(saved);
        queryClient.setQueryData(trpc.profile.get.queryKey(), {
          success: true as const,
          data: result.data,
        });
        notifications.show({
          color: 'green',
          message: result.message ?? 'Profile updated successfully.',
        });
        await onChanged();
      },
      onError: (err) => {
        const envelope = errorEnvelopeOf(err);
        if (envelope?.errors) {
          form.setErrors(
            Object.fromEntries(Object.entries(envelope.errors).map(([k, v]) => [k, v[0]])),
          );
        }
        notifications.show({
          color: 'red',
          message: errorMessage(err, 'Failed to update profile'),
        });
      },
    }),
  );

  const dirty = form.isDirty();
  return (
    <form
      onSubmit={form.onSubmit(({ current_password, ...values }) =>
        save.mutate(sameEmail(values.email, user.email) ? values : { ...values, current_password }),
      )}
      noValidate
    >
      <Stack>
        {pendingEmail ? (
          <PendingEmailChange email={pendingEmail} onChanged={refreshProfile} />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextFields form={form} fields={CONTACT_FIELDS} />
        </SimpleGrid>
        <Textarea label="Bio" rows={4} key={form.key('bio')} {...form.getInputProps('bio')} />
        {!sameEmail(form.values.email, user.email) && (
          <Stack gap="xs" maw={420}>
            <Text size="sm" c="gray.7">
              Changing your email address sends a confirmation link to the new address. Your address
              changes when you open it.
            </Text>
            <PasswordInput
              label="Current Password"
              description="Needed to change your email address."
              autoComplete="current-password"
              withAsterisk
              key={form.key('current_password')}
              {...form.getInputProps('current_password')}
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={!dirty || save.isPending}
            onClick={() => form.reset()}
          >
            Reset
          </Button>
          <Button type="submit" disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
