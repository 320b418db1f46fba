import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORGANIZATION_TEXTS } from '@scmp/api/contracts/organizations';
import { useTRPC } from '../../lib/trpc';
import { useFormErrors } from '../../lib/form-errors';
import { OrganizationFields } from './OrganizationFields';
import type { Organization } from './types';

/** The inline Edit form of the organization detail (the subdomain lives on the tenant screen). */
export function EditOrganizationForm({
  organization,
  onDone,
}: {
  organization: Organization;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      name: organization.name,
      type: organization.type as string,
      description: organization.description ?? '',
    },
    validate: {
      name: (v) => (v.trim() ? null : ORGANIZATION_TEXTS.editNameRequired),
      type: (v) => (v ? null : ORGANIZATION_TEXTS.editTypeRequired),
    },
  });
  const { formError, setFormError, onError } = useFormErrors(form);
  const update = useMutation(
    trpc.organizations.update.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: 'Organisation updated successfully.' });
        await queryClient.invalidateQueries({ queryKey: trpc.organizations.pathKey() });
        onDone();
      },
      onError: onError('Failed to update organisation'),
    }),
  );
  return (
    <form
      noValidate
      aria-label="Edit organisation"
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        update.mutate({
          id: organization.uuid,
          name: values.name.trim(),
          type: values.type as 'school' | 'camp' | 'other',
          description: values.description.trim() || null,
        });
      })}
    >
      <Stack gap="md">
        <OrganizationFields
          getInputProps={form.getInputProps}
          formError={formError}
          noun="Organisation"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
