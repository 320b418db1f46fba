import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { StatusBadge } from '@scmp/ui';
import { RoleBadge } from '../members';
import { OrganizationTypeIcon, typeLabel } from './type-icon';
import type { Organization } from './types';

export function locationWording(count: number): string {
  return `${count} ${count === 1 ? 'location' : 'locations'}`;
}

/** One organization on the list: icon, name, status, type, description, subdomain, locations. */
export function OrganizationCard({
  organization,
  tenantDomain,
}: {
  organization: Organization;
  tenantDomain: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={organization.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md">
              <OrganizationTypeIcon type={organization.type} size={20} />
            </ThemeIcon>
            <Title order={2} size="h4">
              {organization.name}
            </Title>
          </Group>
          <StatusBadge status={organization.status} style={{ flexShrink: 0 }} />
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {typeLabel(organization.type)}
          </Text>
          <RoleBadge role={organization.role} size="xs" />
        </Group>
        {organization.description ? (
          <Text size="sm" lineClamp={2}>
            {organization.description}
          </Text>
        ) : null}
        <Text size="sm">
          {organization.subdomain ? `${organization.subdomain}.${tenantDomain}` : 'No subdomain'}
        </Text>
        <Text size="sm" c="dimmed">
          {locationWording(organization.location_count)}
        </Text>
        <Group justify="flex-end" mt="auto">
          <Button
            component={Link}
            to={`/dashboard/organizations/${organization.uuid}`}
            variant="light"
            aria-label={`Manage ${organization.name}`}
          >
            Manage
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
