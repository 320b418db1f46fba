import { Badge, Button, Group, SimpleGrid, Title } from '@mantine/core';
import { IconChartBar, IconPalette, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Instance } from '../../../features/instances';
import { ManagementCard } from './ManagementCard';

/** The disabled button of a management action that is not there yet, marked Coming Soon. */
function ComingSoon({ label }: { label: string }) {
  return (
    <Group gap="xs">
      <Button variant="light" disabled>
        {label}
      </Button>
      <Badge color="gray" variant="light">
        Coming Soon
      </Badge>
    </Group>
  );
}

/** The instance page's Management grid: branding, settings and analytics. */
export function InstanceManagementSection({ instance }: { instance: Instance }) {
  return (
    <>
      <Title order={2} size="h4" mb="sm">
        Management
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
        <ManagementCard
          icon={<IconPalette size={20} aria-hidden />}
          title="Branding"
          text="Logo, colours and texts of this instance's portal."
          action={
            <Button component={Link} to={`/dashboard/branding/${instance.uuid}`} variant="light">
              Branding
            </Button>
          }
        />
        <ManagementCard
          icon={<IconSettings size={20} aria-hidden />}
          title="Settings"
          text="Instance configuration."
          action={<ComingSoon label="Settings" />}
        />
        <ManagementCard
          icon={<IconChartBar size={20} aria-hidden />}
          title="Analytics"
          text="Usage and visitor statistics."
          action={<ComingSoon label="Analytics" />}
        />
      </SimpleGrid>
    </>
  );
}
