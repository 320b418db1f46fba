import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StatusBadge } from '@scmp/ui';
import { RoleGate, type Gate } from '../members';
import { CUSTOM_DOMAIN_STATUS_LABELS } from '@scmp/api/contracts/custom-domain';
import { confirmSuspend } from './confirm-suspend';
import { SslBadge } from './SslBadge';
import { ManageInstanceButton, VisitInstanceButton } from './InstanceLinks';
import type { Instance } from './types';
import { formatDate } from '../../lib/format';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** One instance on the instances list with its actions. */
export function InstanceCard({
  instance,
  onAction,
  busy,
  manage,
  uptime,
}: {
  instance: Instance;
  /** The uptime bar of the last days (instances list), shown under the fields. */
  uptime?: ReactNode;
  /** Whether the caller's role may suspend or resume it (and why not). */
  manage: Gate;
  onAction: (action: 'suspend' | 'resume') => void;
  busy: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={instance.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {instance.name}
          </Title>
          <Group gap="xs">
            <StatusBadge status={instance.status} />
            <SslBadge instance={instance} />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Field label="Organization" value={instance.organization_name} />
          <Field label="Subdomain" value={instance.host ?? instance.subdomain} />
          <Field
            label="Custom domain"
            value={
              instance.custom_domain
                ? `${instance.custom_domain} (${instance.custom_domain_status ? CUSTOM_DOMAIN_STATUS_LABELS[instance.custom_domain_status] : ''})`
                : 'None'
            }
          />
          <Field
            label="Provisioned"
            value={instance.provisioned_at ? formatDate(instance.provisioned_at) : 'Not yet'}
          />
        </SimpleGrid>
        {uptime}
        <Group justify="space-between" gap="xs" wrap="wrap-reverse">
          {/* Suspend takes the portal offline: set apart on the left, in the danger colour, and
              it asks first. The everyday actions stay together on the right. */}
          <Group gap="xs">
            {instance.status === 'active' ? (
              <RoleGate {...manage}>
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  leftSection={<IconPlayerPause size={14} />}
                  onClick={() => confirmSuspend(instance.name, () => onAction('suspend'))}
                  loading={busy}
                  aria-label={`Suspend ${instance.name}`}
                >
                  Suspend
                </Button>
              </RoleGate>
            ) : null}
          </Group>
          <Group gap="xs" justify="flex-end">
            <VisitInstanceButton instance={instance} />
            {instance.status === 'suspended' ? (
              <RoleGate {...manage}>
                <Button
                  size="xs"
                  variant="light"
                  color="green"
                  leftSection={<IconPlayerPlay size={14} />}
                  onClick={() => onAction('resume')}
                  loading={busy}
                  aria-label={`Resume ${instance.name}`}
                >
                  Resume
                </Button>
              </RoleGate>
            ) : null}
            <ManageInstanceButton instance={instance} />
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
