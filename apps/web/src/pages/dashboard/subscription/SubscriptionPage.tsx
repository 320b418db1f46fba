import { Alert, Badge, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DeferredSelect } from '../../../lib/DeferredSelect';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ROLE_LABELS } from '@scmp/api/contracts/roles';
import { TEST_MODE_TEXT, OrganizationBilling } from '../../../features/billing';
import { RoleBadge } from '../../../features/members';
import { useSession } from '../../../features/session';
import { usePageMeta } from '../../../lib/page-meta';
import { getStoredToken } from '../../../lib/token';
import { useTRPC } from '../../../lib/trpc';
import { ErrorAlert } from '../../../lib/ErrorAlert';
import { DebugPanel } from '../../../lib/DebugPanel';

export default function SubscriptionPage() {
  usePageMeta('Subscription & Billing', 'Manage your plan, locations, payment and invoices.');
  const trpc = useTRPC();
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const organizations = useQuery(trpc.organizations.list.queryOptions({}));
  const config = useQuery(trpc.subscription.config.queryOptions());
  const orgs = organizations.data?.data ?? [];
  const [selected, setSelected] = useState<string | null>(null);
  const provider = config.data?.data.provider ?? 'test';
  const setupSuccess = searchParams.get('setup') === 'success';

  const onlyUuid = orgs.length === 1 ? orgs[0]!.uuid : null;
  // ?organization={uuid} (the dashboard's links) chooses that organization when it is one of them.
  const wanted = searchParams.get('organization');
  const wantedUuid = wanted && orgs.some((o) => o.uuid === wanted) ? wanted : null;
  useEffect(() => {
    if (onlyUuid) setSelected(onlyUuid);
    else if (wantedUuid) setSelected(wantedUuid);
  }, [onlyUuid, wantedUuid]);

  const header = (
    <Group justify="space-between" align="center">
      <Title order={1}>Subscription & Billing</Title>
      {provider === 'test' && (
        <Badge color="orange" variant="light" size="lg">
          {TEST_MODE_TEXT}
        </Badge>
      )}
    </Group>
  );

  if (organizations.isLoading || config.isLoading) {
    return (
      <Container size="lg" py="xl">
        <Stack data-testid="subscription-skeleton">
          {header}
          <Skeleton height={40} radius="md" />
          <Skeleton height={200} radius="md" />
          <Skeleton height={200} radius="md" />
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Stack>
        {header}
        {setupSuccess && (
          <Alert
            color="green"
            title="Payment setup complete"
            withCloseButton
            onClose={() => setSearchParams({})}
          >
            Your direct debit has been set up successfully. The first payment is processing; setup
            can take 3-5 business days.
          </Alert>
        )}
        {organizations.isError && (
          <ErrorAlert error={organizations.error} fallback="Failed to fetch subscription data" />
        )}
        {import.meta.env.DEV && (
          <DebugPanel
            value={{
              loading: organizations.isLoading,
              organizationCount: orgs.length,
              organizations: orgs,
              selectedOrganization: selected,
              token: getStoredToken() ? 'yes' : 'no',
            }}
          />
        )}
        {orgs.length === 0 ? (
          <Text>
            No organizations found. Please create an organization first to manage subscriptions.
          </Text>
        ) : (
          <>
            {orgs.length === 1 ? (
              <Group gap="xs">
                <Text fw={600} data-testid="organization-name">
                  Organization: {orgs[0]!.name}
                </Text>
                <RoleBadge role={orgs[0]!.role} />
              </Group>
            ) : (
              <DeferredSelect
                label="Organization"
                placeholder="Select an organization..."
                data={orgs.map((o) => ({
                  value: o.uuid,
                  label: `${o.name} (${ROLE_LABELS[o.role]})`,
                }))}
                value={selected}
                onChange={setSelected}
                w={{ base: '100%', sm: 360 }}
              />
            )}
            {selected ? (
              <OrganizationBilling
                key={selected}
                organizationUuid={selected}
                role={orgs.find((o) => o.uuid === selected)?.role ?? 'member'}
                provider={provider}
                publishableKey={config.data?.data.publishable_key ?? null}
                email={user?.email}
              />
            ) : (
              <Text c="dimmed">
                Please select an organization to view and manage its subscription.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
