import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  List,
  Grid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ORGANIZATION_TEXTS } from '@scmp/api/contracts/organizations';
import { RESERVED_SUBDOMAINS, subdomainProblem } from '@scmp/api/contracts/subdomain';
import { PageHeader, StatusBadge } from '@scmp/ui';
import {
  SubdomainStatusIcon,
  SubdomainStatusText,
  urlForHost,
  useSiteConfig,
  useSubdomainCheck,
} from '../../../features/organizations';
import { gate, RoleGate } from '../../../features/members';
import { BackLink, DetailField, DetailPageLoading } from '../../../lib/DetailPage';
import { usePageMeta } from '../../../lib/page-meta';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../../lib/trpc';
import { ErrorAlert } from '../../../lib/ErrorAlert';

export default function TenantSubdomainPage() {
  usePageMeta('Tenant Subdomain');
  const { orgUuid = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { tenantDomain } = useSiteConfig();
  const query = useQuery(trpc.organizations.get.queryOptions({ id: orgUuid }));
  const org = query.data?.data;
  const [slug, setSlug] = useState('');
  const [touched, setTouched] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (org && !touched) setSlug(org.subdomain ?? '');
  }, [org, touched]);
  const check = useSubdomainCheck(slug, { organizationUuid: orgUuid, currentSlug: org?.subdomain });
  const save = useMutation(
    trpc.organizations.update.mutationOptions({
      onSuccess: async () => {
        setSaved(ORGANIZATION_TEXTS.subdomainUpdated);
        setTouched(false);
        notifications.show({ color: 'green', message: ORGANIZATION_TEXTS.subdomainUpdated });
        await queryClient.invalidateQueries({ queryKey: trpc.organizations.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.instances.pathKey() });
      },
      onError: (error) => {
        const field = errorEnvelopeOf(error)?.errors?.subdomain?.[0];
        setFieldError(field ?? errorMessage(error, 'Failed to save tenant settings'));
      },
    }),
  );

  const back = (
    <BackLink
      to={org ? `/dashboard/organizations/${org.uuid}` : '/dashboard/organizations'}
      label="Back to Organisation"
    />
  );

  if (query.isPending) return <DetailPageLoading sections={[220]} />;
  if (query.isError || !org) {
    return (
      <Container size="lg" py="xl">
        <PageHeader title="Tenant Subdomain" above={back} />
        <ErrorAlert error={query.error} fallback="Failed to fetch organization data" />
      </Container>
    );
  }

  const value = slug.trim().toLowerCase();
  const tenantUrl = value ? urlForHost(`${value}.${tenantDomain}`) : null;
  const currentUrl = org.subdomain ? urlForHost(`${org.subdomain}.${tenantDomain}`) : null;

  return (
    <Container size="lg" py="xl">
      <PageHeader
        above={back}
        title="Tenant Subdomain"
        description={`Claim the address of ${org.name}'s own site.`}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md" padding="lg">
            <form
              noValidate
              aria-label="Tenant subdomain"
              onSubmit={(event) => {
                event.preventDefault();
                setSaved(null);
                const problem = subdomainProblem(value);
                if (problem) {
                  setFieldError(problem);
                  return;
                }
                if (check.status === 'unavailable') return;
                save.mutate({
                  id: org.uuid,
                  name: org.name,
                  type: org.type,
                  description: org.description,
                  subdomain: value,
                });
              }}
            >
              <Stack gap="md">
                {saved ? (
                  <Alert color="green" role="status" withCloseButton onClose={() => setSaved(null)}>
                    {saved}
                  </Alert>
                ) : null}
                <TextInput
                  label="Subdomain"
                  required
                  value={slug}
                  error={fieldError}
                  rightSection={<SubdomainStatusIcon status={check.status} />}
                  rightSectionPointerEvents="none"
                  onChange={(e) => {
                    const next = e.currentTarget.value.toLowerCase();
                    setSlug(next);
                    setTouched(true);
                    setSaved(null);
                    setFieldError(next.length >= 3 ? subdomainProblem(next) : null);
                  }}
                  description={`.${tenantDomain}`}
                />
                <SubdomainStatusText check={check} />
                {tenantUrl ? (
                  <Text size="sm">
                    Your tenant URL: <strong>{tenantUrl}</strong>
                  </Text>
                ) : null}
                <Alert color="blue" icon={<IconInfoCircle size={18} />}>
                  Your subdomain is reachable only while your organization is active. Current
                  organization status: <strong>{org.status}</strong>.
                </Alert>
                <div>
                  <Text size="sm" fw={600}>
                    Subdomain rules
                  </Text>
                  <List size="sm">
                    <List.Item>Between 3 and 62 characters</List.Item>
                    <List.Item>Lowercase letters, numbers, and hyphens only</List.Item>
                    <List.Item>Cannot start or end with a hyphen</List.Item>
                    <List.Item>
                      Reserved names cannot be used: {RESERVED_SUBDOMAINS.join(', ')}
                    </List.Item>
                  </List>
                </div>
                <Group justify="flex-end">
                  <RoleGate {...gate(org.role, 'manage')}>
                    <Button
                      type="submit"
                      loading={save.isPending}
                      disabled={check.status === 'unavailable' || check.status === 'checking'}
                    >
                      Create or Update Subdomain
                    </Button>
                  </RoleGate>
                </Group>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              Current Configuration
            </Title>
            <Stack gap="sm">
              <DetailField label="Status">
                <StatusBadge status={org.status} />
              </DetailField>
              <DetailField label="Subdomain">
                <Text>{org.subdomain ?? 'Not set'}</Text>
              </DetailField>
              <DetailField label="URL">
                {currentUrl ? (
                  <Anchor href={currentUrl} target="_blank" rel="noopener noreferrer">
                    {currentUrl}
                  </Anchor>
                ) : (
                  <Text>Not set</Text>
                )}
              </DetailField>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
