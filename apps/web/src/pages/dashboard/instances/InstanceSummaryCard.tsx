import { Anchor, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusBadge } from '@scmp/ui';
import { SslBadge, sslDetail, type Instance } from '../../../features/instances';
import { DetailField } from '../../../lib/DetailPage';
import { formatDate } from '../../../lib/format';

/** The instance page's Summary card: name, status, organization, URL, domain, certificate, dates. */
export function InstanceSummaryCard({ instance }: { instance: Instance }) {
  return (
    <Card withBorder radius="md" padding="lg" mb="lg">
      <Title order={2} size="h4" mb="sm">
        Summary
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <DetailField label="Name">
          <Text>{instance.name}</Text>
        </DetailField>
        <DetailField label="Status">
          <Group gap="xs">
            <StatusBadge status={instance.status} />
            <SslBadge instance={instance} />
          </Group>
        </DetailField>
        <DetailField label="Organization">
          <Anchor component={Link} to={`/dashboard/organizations/${instance.organization_uuid}`}>
            {instance.organization_name}
          </Anchor>
        </DetailField>
        <DetailField label="URL">
          {instance.instance_url ? (
            <Anchor href={instance.instance_url} target="_blank" rel="noopener noreferrer">
              <Group gap={4} component="span">
                {instance.instance_url}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          ) : (
            <Text>—</Text>
          )}
        </DetailField>
        <DetailField label="Custom domain">
          <Text>{instance.custom_domain ?? 'None'}</Text>
        </DetailField>
        <DetailField label="Certificate">
          <Text size="sm">{sslDetail(instance)}</Text>
        </DetailField>
        <DetailField label="Provisioned">
          <Text>
            {instance.provisioned_at ? formatDate(instance.provisioned_at, true) : 'Not yet'}
          </Text>
        </DetailField>
        <DetailField label="Last health check">
          <Text>
            {instance.last_health_check
              ? `${formatDate(instance.last_health_check, true)} (${instance.last_health_status ?? 'unknown'})`
              : 'Not checked yet'}
          </Text>
        </DetailField>
      </SimpleGrid>
    </Card>
  );
}
