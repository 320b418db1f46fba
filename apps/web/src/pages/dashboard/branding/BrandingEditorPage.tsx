import { Alert, Anchor, Button, Container, Fieldset, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { BRANDING_TEXTS } from '@scmp/api/contracts/branding';
import { Link, useParams } from 'react-router';
import { BrandingEditor, ResourceNotFound } from '../../../features/branding';
import { gate, RoleGate } from '../../../features/members';
import { useSiteConfig } from '../../../features/organizations';
import { DashboardPage } from '../../../lib/DashboardPage';
import { usePageMeta } from '../../../lib/page-meta';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../../lib/trpc';

export default function BrandingEditorPage() {
  usePageMeta('Branding', 'Customise logos, colours and text.');
  const { orgUuid = '' } = useParams();
  const trpc = useTRPC();
  const query = useQuery(trpc.branding.getBranding.queryOptions({ id: orgUuid }));
  const branding = query.data?.data;
  // The caller's role in the organization decides whether the editor is editable.
  const organization = useQuery({
    ...trpc.organizations.get.queryOptions({ id: branding?.organization_uuid ?? '' }),
    enabled: !!branding,
  });
  const role = organization.data?.data.role;
  const isInstance = branding?.type === 'instance';
  const instance = useQuery({
    ...trpc.instances.get.queryOptions({ uuid: branding?.id ?? '' }),
    enabled: isInstance,
  });
  const { tenantDomain } = useSiteConfig();

  if (query.isPending) {
    return (
      <Container size="lg" py="xl" aria-busy="true">
        <Skeleton height={32} width={260} mb="lg" />
        <Stack gap="lg">
          <Skeleton height={140} />
          <Skeleton height={220} />
          <Skeleton height={320} />
        </Stack>
      </Container>
    );
  }

  if (query.isError) {
    const notFound = errorEnvelopeOf(query.error)?.code === 'NOT_FOUND';
    return (
      <Container size="lg" py="xl">
        {notFound ? (
          <ResourceNotFound />
        ) : (
          <Alert color="red" role="alert" title={BRANDING_TEXTS.fetchFailed}>
            {errorMessage(query.error, BRANDING_TEXTS.fetchFailed)}
          </Alert>
        )}
      </Container>
    );
  }

  if (!branding) return null;
  const backTo =
    branding.type === 'instance'
      ? `/dashboard/instances/${branding.id}`
      : `/dashboard/organizations/${branding.id}`;

  const manage = gate(role, 'manage');
  // Branding exists at two levels: say what this page brands and what it inherits.
  const portal = [branding.name, instance.data?.data.host].filter(Boolean).join(', ');
  const orgName = organization.data ? ` (${organization.data.data.name})` : '';
  const site = organization.data?.data.subdomain
    ? ` ${organization.data.data.subdomain}.${tenantDomain}`
    : '';
  const scope = isInstance
    ? `This instance’s portal (${portal}) uses these settings; a name, tagline, footer, logo or ` +
      `favicon left empty is inherited from the organization’s branding${orgName}, then the ` +
      'defaults. Colours are the ones set here once you save.'
    : `These settings brand your tenant site${site} and are the defaults for every instance of ` +
      `${branding.name}; an instance’s own branding (Instances → Manage → Branding) overrides ` +
      'them field by field.';
  return (
    <DashboardPage
      title="Branding Settings"
      description={scope}
      descriptionTestId="branding-scope"
      above={
        <Anchor
          component={Link}
          to={backTo}
          size="sm"
          c="gray.8"
          underline="always"
          w="fit-content"
        >
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Back
          </Group>
        </Anchor>
      }
      actions={
        <RoleGate {...manage}>
          <Button
            component={Link}
            to={`/dashboard/tenant/${branding.organization_uuid}`}
            variant="light"
            leftSection={<IconWorld size={16} />}
          >
            Configure Subdomain
          </Button>
        </RoleGate>
      }
    >
      {role && !manage.allowed ? (
        <Alert color="blue" role="status" data-testid="branding-read-only">
          {manage.reason} You can look at the branding but not change it.
        </Alert>
      ) : null}
      <Fieldset variant="unstyled" disabled={!manage.allowed} p={0} m={0}>
        <BrandingEditor
          key={branding.id}
          branding={branding}
          organizationName={organization.data?.data.name}
        />
      </Fieldset>
    </DashboardPage>
  );
}
