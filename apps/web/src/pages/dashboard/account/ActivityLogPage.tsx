import {
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { DeferredSelect } from '../../../lib/DeferredSelect';

import {
  IconBuilding,
  IconDownload,
  IconLogin,
  IconSettings,
  IconShield,
  IconUser,
} from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ActivityChart,
  downloadActivityCsv,
  fullDate,
  relativeTime,
} from '../../../features/account';
import { DashboardPage } from '../../../lib/DashboardPage';
import { StatTile } from '../../../lib/StatTile';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import type { RouterOutputs } from '../../../lib/types';
import { QueryStates, SkeletonRows, LoadMoreButton } from '../../../lib/ListState';
import { useBusyTask } from '../../../lib/notify';

type Entry = RouterOutputs['profile']['activityList']['data'][number];
type TypeFilter = 'all' | 'login' | 'security' | 'profile' | 'organization';

const TYPE_OPTIONS = [
  { value: 'all', label: 'All activity' },
  { value: 'login', label: 'Sign-ins' },
  { value: 'security', label: 'Security' },
  { value: 'profile', label: 'Profile changes' },
  { value: 'organization', label: 'Organization' },
];
const PERIOD_OPTIONS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 365 days' },
];
const SEVERITY_COLOR = { info: 'blue', medium: 'yellow', high: 'red' } as const;
const TYPE_ICON = {
  login: IconLogin,
  security: IconShield,
  profile: IconUser,
  organization: IconBuilding,
  settings: IconSettings,
} as const;

function EntryRow({ entry }: { entry: Entry }) {
  const Icon = TYPE_ICON[entry.type];
  return (
    <Paper withBorder p="sm" radius="md" data-testid="activity-entry">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" aria-hidden>
            <Icon size={18} />
          </ThemeIcon>
          <div>
            <Text fw={500}>{entry.description}</Text>
            <Text size="sm" c="gray.7">
              {[entry.device ?? 'Unknown device', entry.location ?? 'Unknown', entry.ip_address]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </div>
        </Group>
        <Stack gap={4} align="flex-end">
          <Badge color={SEVERITY_COLOR[entry.severity]} variant="light" c="dark.7">
            {entry.severity}
          </Badge>
          <Text size="xs" c="gray.7" title={fullDate(entry.timestamp)}>
            {relativeTime(entry.timestamp)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

export default function ActivityLogPage() {
  usePageMeta('Activity Log', 'Sign-ins, security and account changes.');
  const trpc = useTRPC();
  const [type, setType] = useState<TypeFilter>('all');
  const [days, setDays] = useState(30);
  const [exporting, runExport] = useBusyTask();

  const log = useInfiniteQuery(
    trpc.profile.activityList.infiniteQueryOptions(
      { type, days, limit: 20 },
      { getNextPageParam: (last) => last.next_cursor ?? undefined },
    ),
  );
  const summary = useQuery(trpc.profile.activitySummary.queryOptions({ days }));
  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];

  const exportLog = () =>
    runExport(() => downloadActivityCsv(type, days), 'Failed to fetch activity log');

  return (
    <DashboardPage
      title="Activity Log"
      description="Review sign-ins, security events and changes to your account."
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => void exportLog()}
          disabled={exporting}
        >
          {exporting ? 'Exporting...' : 'Export log'}
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatTile
          testIdPrefix="summary"
          label="Successful Logins"
          value={summary.data?.data.successful_logins ?? 0}
          loading={summary.isPending}
        />
        <StatTile
          testIdPrefix="summary"
          label="Failed Attempts"
          value={summary.data?.data.failed_attempts ?? 0}
          loading={summary.isPending}
        />
        <StatTile
          testIdPrefix="summary"
          label="Active Devices"
          value={summary.data?.data.active_devices ?? 0}
          loading={summary.isPending}
        />
      </SimpleGrid>
      <Card withBorder radius="md" p="lg">
        <Stack>
          <Group>
            <DeferredSelect
              label="Activity type"
              data={TYPE_OPTIONS}
              value={type}
              allowDeselect={false}
              onChange={(value) => value && setType(value as TypeFilter)}
              w={220}
            />
            <DeferredSelect
              label="Period"
              data={PERIOD_OPTIONS}
              value={String(days)}
              allowDeselect={false}
              onChange={(value) => value && setDays(Number(value))}
              w={200}
            />
          </Group>
          <ActivityChart type={type} days={days} />
          <QueryStates
            query={log}
            loading={<SkeletonRows count={3} height={64} />}
            errorText="Failed to fetch activity log"
            isEmpty={entries.length === 0}
            empty={
              <Text c="gray.7" ta="center" py="lg">
                No activity found for this period.
              </Text>
            }
          >
            <Stack gap="sm">
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </Stack>
          </QueryStates>
          {log.hasNextPage && (
            <Group justify="center">
              <LoadMoreButton query={log} />
            </Group>
          )}
        </Stack>
      </Card>
    </DashboardPage>
  );
}
