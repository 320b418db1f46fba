import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORGANIZATION_TEXTS } from '@scmp/api/contracts/organizations';
import { SUBDOMAIN_TEXTS, hasOnlySubdomainCharacters } from '@scmp/api/contracts/subdomain';
import { useTRPC } from '../../lib/trpc';
import { useFormErrors } from '../../lib/form-errors';
import { OrganizationFields } from './OrganizationFields';
import { SubdomainStatusIcon, SubdomainStatusText } from './SubdomainStatus';
import { useSiteConfig } from './use-site-config';
import { useSubdomainCheck } from './use-subdomain-check';

type Values = { name: string; type: string; description: string; subdomain: string };

/** The Create form of the organizations list, with the live subdomain check. */
export function CreateOrganizationForm({
  onCreated,
  onCancel,
}: {
  onCreated?: (uuid: string) => void;
  onCancel?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { tenantDomain } = useSiteConfig();
  const form = useForm<Values>({
    initialValues: { name: '', type: '', description: '', subdomain: '' },
    validate: {
      name: (v) => (v.trim() ? null : ORGANIZATION_TEXTS.nameRequired),
      type: (v) => (v ? null : ORGANIZATION_TEXTS.typeRequired),
      subdomain: (v) =>
        hasOnlySubdomainCharacters(v) ? null : SUBDOMAIN_TEXTS.lettersNumbersHyphens,
    },
  });
  const { formError, setFormError, onError } = useFormErrors(form);
  const check = useSubdomainCheck(form.values.subdomain);
  const create = useMutation(
    trpc.organizations.create.mutationOptions({
      onSuccess: async (res) => {
        notifications.show({ color: 'green', message: `Organization "${res.data.name}" created.` });
        await queryClient.invalidateQueries({ queryKey: trpc.organizations.list.queryKey() });
        form.reset();
        onCreated?.(res.data.uuid);
      },
      onError: onError('Failed to create organization'),
    }),
  );

  const submit = form.onSubmit((values) => {
    setFormError(null);
    if (values.subdomain && check.status !== 'available') {
      setFormError(SUBDOMAIN_TEXTS.ensureAvailable);
      return;
    }
    create.mutate({
      name: values.name.trim(),
      type: values.type as 'school' | 'camp' | 'other',
      description: values.description.trim() || null,
      subdomain: values.subdomain || null,
    });
  });

  const slug = form.values.subdomain;
  return (
    <form onSubmit={submit} noValidate aria-label="Create organization">
      <Stack gap="md">
        <OrganizationFields
          getInputProps={form.getInputProps}
          formError={formError}
          noun="Organization"
          typePlaceholder="Select a type"
        />
        <TextInput
          label="Subdomain"
          placeholder="your-organization"
          description={
            slug
              ? `Your site: ${slug}.${tenantDomain}`
              : 'Leave empty to generate one from the organization name.'
          }
          rightSection={<SubdomainStatusIcon status={check.status} />}
          {...form.getInputProps('subdomain')}
          onChange={(event) => {
            setFormError(null);
            form.setFieldValue('subdomain', event.currentTarget.value.toLowerCase());
          }}
        />
        <SubdomainStatusText
          check={check}
          colors={{ available: 'green.8', unavailable: 'red.8' }}
        />
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={create.isPending}>
            Create Organization
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
