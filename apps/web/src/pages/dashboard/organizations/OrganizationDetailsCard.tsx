import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { formatDate } from '../../../lib/format';
import type { RouterOutputs } from '../../../lib/types';

type Organization = RouterOutputs['organizations']['get']['data'];

/** The Details card of an organization's Overview tab. */
export function OrganizationDetailsCard({
  org,
  tenantDomain,
}: {
  org: Organization;
  tenantDomain: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" mb="lg">
      <Title order={2} size="h4" mb="sm">
        Details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <div>
          <Text size="sm" c="dimmed">
            Description
          </Text>
          <Text>{org.description || 'No description'}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            Subdomain
          </Text>
          <Text>{org.subdomain ? `${org.subdomain}.${tenantDomain}` : 'Not set'}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            Instances
          </Text>
          <Text>{org.instance_count}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            Created
          </Text>
          <Text>{formatDate(org.created_at)}</Text>
        </div>
      </SimpleGrid>
    </Card>
  );
}
