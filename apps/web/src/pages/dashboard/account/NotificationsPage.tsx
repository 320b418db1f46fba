import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconDeviceMobileMessage, IconMail } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { fullDate, relativeTime } from '../../../features/account';
import { useSession } from '../../../features/session';
import { DashboardPage } from '../../../lib/DashboardPage';
import { usePageMeta } from '../../../lib/page-meta';
import { errorMessage, useTRPC } from '../../../lib/trpc';
import type { RouterOutputs } from '../../../lib/types';
import { LazyModal } from '../../../lib/LazyOverlay';
import { QueryStates, LoadMoreButton } from '../../../lib/ListState';
import { DataTable } from '../../../lib/DataTable';
import { SectionCard } from '../../../lib/SectionCard';

type Preferences = RouterOutputs['profile']['getNotificationPreferences']['data'];
type Group = keyof Preferences;
type HistoryItem = RouterOutputs['profile']['notificationHistory']['data'][number];

const LABELS: { [G in Group]: Array<[keyof Preferences[G], string, string]> } = {
  email: [
    ['marketing', 'Marketing emails', 'News, offers and product announcements.'],
    ['security', 'Security alerts', 'Sign-ins, password and two-factor changes.'],
    ['updates', 'Product updates', 'New features and improvements.'],
    ['reports', 'Reports', 'Periodic summaries of your account activity.'],
  ],
  push: [
    ['messages', 'Messages', 'Replies to your support tickets.'],
    ['updates', 'Updates', 'Changes to your organizations and instances.'],
    ['security', 'Security alerts', 'Important security events.'],
    ['marketing', 'Marketing', 'News and offers.'],
  ],
  sms: [
    ['security', 'Security alerts', 'Critical security events.'],
    ['urgent', 'Urgent notifications', 'Service outages and billing problems.'],
    ['marketing', 'Marketing', 'News and offers.'],
    ['updates', 'Updates', 'Important account updates.'],
  ],
};

/** The three preference cards, left to right. */
const CHANNELS: Array<{ group: Group; title: string; Icon: typeof IconMail }> = [
  { group: 'email', title: 'Email Notifications', Icon: IconMail },
  { group: 'push', title: 'Push Notifications', Icon: IconBell },
  { group: 'sms', title: 'SMS Notifications', Icon: IconDeviceMobileMessage },
];

const STATUS: Record<HistoryItem['status'], { label: string; color: string }> = {
  sent: { label: 'Sent', color: 'green' },
  stored: { label: 'Sent', color: 'green' },
  pending: { label: 'Queued', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
};

function PreferenceCard({
  title,
  icon,
  group,
  preferences,
  disabled,
  warning,
  onToggle,
}: {
  title: string;
  icon: ReactNode;
  group: Group;
  preferences: Preferences;
  disabled: boolean;
  warning?: string;
  onToggle: (group: Group, key: string, value: boolean) => void;
}) {
  const values = preferences[group] as Record<string, boolean>;
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack>
        <Group gap="xs">
          {icon}
          <Title order={2} size="h4">
            {title}
          </Title>
        </Group>
        {warning && (
          <Alert color="yellow" variant="light" c="dark.7">
            {warning}
          </Alert>
        )}
        {LABELS[group].map(([key, label, description]) => (
          <Switch
            key={String(key)}
            label={label}
            description={description}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            checked={values[key as string] ?? false}
            disabled={disabled}
            onChange={(event) => onToggle(group, key as string, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Card>
  );
}

function HistoryRows({ items }: { items: HistoryItem[] }) {
  return (
    <DataTable columns={['Subject', 'Sent', 'Status']} verticalSpacing="xs">
      {items.map((item) => (
        <Table.Tr key={item.id}>
          <Table.Td>{item.subject}</Table.Td>
          <Table.Td title={fullDate(item.created_at)}>{relativeTime(item.created_at)}</Table.Td>
          <Table.Td>
            <Badge variant="light" c="dark.7" color={STATUS[item.status].color}>
              {STATUS[item.status].label}
            </Badge>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function AllNotificationsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const history = useInfiniteQuery({
    ...trpc.profile.notificationHistory.infiniteQueryOptions(
      { limit: 20 },
      { getNextPageParam: (last) => last.next_cursor ?? undefined },
    ),
    enabled: opened,
  });
  const items = history.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <LazyModal opened={opened} onClose={onClose} title="All notifications" size="lg">
      <QueryStates
        query={history}
        loading={<Skeleton height={120} />}
        errorText="Failed to load notifications"
        isEmpty={items.length === 0}
        empty={<Text c="gray.7">No recent notifications</Text>}
      >
        <Stack>
          <HistoryRows items={items} />
          <LoadMoreButton query={history} />
        </Stack>
      </QueryStates>
    </LazyModal>
  );
}

export default function NotificationsPage() {
  usePageMeta('Notifications', 'Choose how we contact you.');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [viewAll, setViewAll] = useState(false);
  const preferences = useQuery(trpc.profile.getNotificationPreferences.queryOptions());
  const recent = useQuery(trpc.profile.notificationHistory.queryOptions({ limit: 5 }));
  const hasPhone = Boolean(user?.phone?.trim());

  useEffect(() => {
    if (preferences.error)
      console.error('Failed to load notification preferences', preferences.error);
  }, [preferences.error]);

  const update = useMutation(
    trpc.profile.updateNotificationPreferences.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(trpc.profile.getNotificationPreferences.queryKey(), result);
        notifications.show({
          color: 'green',
          message: 'Notification preferences updated successfully.',
        });
      },
      onError: (err) =>
        notifications.show({
          color: 'red',
          message: errorMessage(err, 'Failed to update notification preferences'),
        }),
    }),
  );

  const current = preferences.data?.data;
  const toggle = (group: Group, key: string, value: boolean) => {
    if (!current) return;
    update.mutate({ ...current, [group]: { ...current[group], [key]: value } } as Preferences);
  };

  const recentItems = recent.data?.data ?? [];
  return (
    <DashboardPage
      title="Notifications"
      description="Choose which notifications you receive and how."
    >
      {preferences.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {CHANNELS.map(({ group }) => (
            <Skeleton key={group} height={260} />
          ))}
        </SimpleGrid>
      ) : current ? (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {CHANNELS.map(({ group, title, Icon }) => {
            const needsPhone = group === 'sms' && !hasPhone;
            return (
              <PreferenceCard
                key={group}
                title={title}
                icon={<Icon size={20} aria-hidden />}
                group={group}
                preferences={current}
                disabled={update.isPending || needsPhone}
                warning={
                  needsPhone
                    ? 'Add a phone number to your profile to enable SMS notifications.'
                    : undefined
                }
                onToggle={toggle}
              />
            );
          })}
        </SimpleGrid>
      ) : null}
      <SectionCard
        title="Notification History"
        titleId="history-title"
        titleSize="h4"
        action={
          <Button variant="subtle" onClick={() => setViewAll(true)}>
            View all
          </Button>
        }
      >
        {recent.isPending ? (
          <Skeleton height={80} />
        ) : recentItems.length === 0 ? (
          <Text c="gray.7">No recent notifications</Text>
        ) : (
          <HistoryRows items={recentItems} />
        )}
      </SectionCard>
      <AllNotificationsModal opened={viewAll} onClose={() => setViewAll(false)} />
    </DashboardPage>
  );
}
