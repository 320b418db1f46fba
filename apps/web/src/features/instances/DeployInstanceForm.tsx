import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { DeferredSelect } from '../../lib/DeferredSelect';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { INSTANCE_TEXTS } from '@scmp/api/contracts/instances';
import {
  SUBDOMAIN_TEXTS,
  hasOnlySubdomainCharacters,
  slugify,
} from '@scmp/api/contracts/subdomain';
import { parseCustomDomain } from '@scmp/api/contracts/custom-domain';
import { useTRPC } from '../../lib/trpc';
import { useFormErrors, FormError } from '../../lib/form-errors';
import type { Organization } from '../organizations';

/** The Deploy New Instance form with the host preview {prefix}-{org subdomain}.{instance domain}. */
export function DeployInstanceForm({
  organizations,
  instanceDomain,
  initialOrganizationUuid,
  hasPlan,
}: {
  organizations: Organization[];
  instanceDomain: string;
  /** Preselected organization (the page's ?organization={uuid}, e.g. from checkout's next step). */
  initialOrganizationUuid?: string | null;
  /** Whether an organization has an active plan; undefined while that is not known yet. */
  hasPlan?: (organizationUuid: string) => boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      organization_uuid:
        initialOrganizationUuid && organizations.some((o) => o.uuid === initialOrganizationUuid)
          ? initialOrganizationUuid
          : organizations.length === 1
            ? (organizations[0]?.uuid ?? '')
            : '',
      name: '',
      subdomain: '',
      custom_domain: '',
    },
    validate: {
      organization_uuid: (v) => (v ? null : INSTANCE_TEXTS.organizationRequired),
      name: (v) => (v.trim() ? null : INSTANCE_TEXTS.nameRequired),
      subdomain: (v) =>
        hasOnlySubdomainCharacters(v) ? null : SUBDOMAIN_TEXTS.lettersNumbersHyphens,
      custom_domain: (v) => {
        if (!v.trim()) return null;
        const parsed = parseCustomDomain(v);
        return parsed.ok ? null : parsed.error;
      },
    },
  });
  const { formError, setFormError, onError } = useFormErrors(form);
  const selected = organizations.find((o) => o.uuid === form.values.organization_uuid);
  // Deploying needs an active plan: said above the form, with the way to choose one (issue 40).
  const planless = hasPlan
    ? selected
      ? hasPlan(selected.uuid)
        ? []
        : [selected]
      : organizations.every((o) => !hasPlan(o.uuid))
        ? organizations
        : []
    : [];
  const needsPlan = planless.length > 0;
  const deploy = useMutation(
    trpc.instances.deploy.mutationOptions({
      onSuccess: async (res) => {
        notifications.show({
          color: 'green',
          message: `Instance "${res.data.name}" is being deployed to ${res.data.host ?? ''}.`,
        });
        await queryClient.invalidateQueries({ queryKey: trpc.instances.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.organizations.pathKey() });
        form.setValues({ name: '', subdomain: '', custom_domain: '' });
      },
      onError: onError('Failed to create instance'),
    }),
  );

  const prefix = form.values.subdomain || slugify(form.values.name, 30) || '{prefix}';
  const preview = selected?.subdomain ? `${prefix}-${selected.subdomain}.${instanceDomain}` : null;

  return (
    <form
      noValidate
      aria-label="Deploy new instance"
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        deploy.mutate({
          organization_uuid: values.organization_uuid,
          name: values.name.trim(),
          subdomain: values.subdomain || null,
          custom_domain: values.custom_domain.trim() || null,
        });
      })}
    >
      <Stack gap="md">
        {needsPlan ? (
          <Alert
            color="yellow"
            role="status"
            title="No active plan"
            data-testid="deploy-needs-plan"
          >
            {planless.length === 1
              ? `${planless[0]!.name} has no active plan yet. Deploying an instance needs one.`
              : 'None of your organizations has an active plan yet. Deploying an instance needs one.'}{' '}
            <Anchor
              component={Link}
              to={
                planless.length === 1
                  ? `/dashboard/subscription?organization=${planless[0]!.uuid}`
                  : '/dashboard/subscription'
              }
            >
              Choose a plan on the Subscription page
            </Anchor>
          </Alert>
        ) : null}
        <FormError message={formError} />
        <DeferredSelect
          label="Organization"
          placeholder="Select an organization"
          required
          data={organizations.map((o) => ({ value: o.uuid, label: o.name }))}
          {...form.getInputProps('organization_uuid')}
        />
        {selected && !selected.subdomain ? (
          <Alert color="yellow" role="status">
            This organization has no subdomain. It needs one before instances can be created.{' '}
            <Anchor component={Link} to={`/dashboard/tenant/${selected.uuid}`}>
              Set up a subdomain
            </Anchor>
          </Alert>
        ) : null}
        <TextInput label="Instance name" required {...form.getInputProps('name')} />
        <TextInput
          label="Subdomain prefix"
          placeholder="main"
          description="Optional; generated from the instance name when empty."
          {...form.getInputProps('subdomain')}
          onChange={(e) => form.setFieldValue('subdomain', e.currentTarget.value.toLowerCase())}
        />
        <TextInput
          label="Custom domain"
          placeholder="portal.example.org"
          description="Optional. A domain your organization owns; verified through DNS after deployment."
          {...form.getInputProps('custom_domain')}
        />
        {preview ? (
          <Text size="sm" aria-live="polite">
            Host: <strong>{preview}</strong>
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={deploy.isPending}
            disabled={(!!selected && !selected.subdomain) || needsPlan}
          >
            Deploy Instance
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
