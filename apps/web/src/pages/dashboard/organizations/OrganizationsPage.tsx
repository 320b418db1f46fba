import { Button, Card, Container, Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { IconBuildingCommunity, IconPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, PageHeader } from '@scmp/ui';
import {
  CreateOrganizationForm,
  OrganizationCard,
  useSiteConfig,
} from '../../../features/organizations';
import { usePageMeta } from '../../../lib/page-meta';
import { useReturnFocusOnClose } from '../../../lib/return-focus';
import { useTRPC } from '../../../lib/trpc';
import { ErrorAlert } from '../../../lib/ErrorAlert';

export default function OrganizationsPage() {
  usePageMeta('Organizations');
  const trpc = useTRPC();
  const { tenantDomain } = useSiteConfig();
  const [creating, setCreating] = useState(false);
  const toggle = useReturnFocusOnClose<HTMLButtonElement>(creating);
  const query = useQuery(trpc.organizations.list.queryOptions({}));
  const organizations = query.data?.data ?? [];

  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Organizations"
        description="Create and manage your schools, camps and other organizations."
        actions={
          <Button
            ref={toggle}
            leftSection={creating ? <IconX size={16} /> : <IconPlus size={16} />}
            variant={creating ? 'default' : 'filled'}
            onClick={() => setCreating((v) => !v)}
            aria-expanded={creating}
          >
            {creating ? 'Cancel' : 'New Organization'}
          </Button>
        }
      />
      {creating ? (
        <Paper withBorder radius="md" p="lg" mb="lg">
          <Title order={2} size="h4" mb="md">
            Create Organization
          </Title>
          <CreateOrganizationForm
            onCreated={() => setCreating(false)}
            onCancel={() => setCreating(false)}
          />
        </Paper>
      ) : null}
      {query.isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          aria-busy="true"
          aria-label="Loading organizations"
        >
          {[0, 1, 2].map((i) => (
            <Card key={i} withBorder radius="md" padding="lg" data-testid="organization-skeleton">
              <Stack gap="sm">
                <Skeleton height={28} width="70%" />
                <Skeleton height={14} width="30%" />
                <Skeleton height={14} />
                <Skeleton height={14} width="50%" />
                <Skeleton height={34} width={90} ml="auto" />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      ) : query.isError ? (
        <ErrorAlert error={query.error} fallback="Failed to fetch organizations" />
      ) : organizations.length === 0 ? (
        creating ? null : (
          <EmptyState
            icon={<IconBuildingCommunity size={28} />}
            title="No organizations yet"
            description="Create your first organization to deploy instances, brand them and claim a subdomain."
            order={2}
            action={
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                Create Your First Organization
              </Button>
            }
          />
        )
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {organizations.map((org) => (
            <OrganizationCard key={org.uuid} organization={org} tenantDomain={tenantDomain} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
