import { Stack, Text } from '@mantine/core';
import { UptimeBar, UptimeBarSkeleton, type InstanceUptime } from './UptimeBar';

/** The period of the instances list's uptime bars. */
export const UPTIME_DAYS = 30;

/** "Uptime, last 30 days" with the bar, its loading state, or a sentence when it failed to load. */
export function InstanceUptimeRow({
  uptime,
  loading,
  failed,
}: {
  uptime: InstanceUptime | undefined;
  loading: boolean;
  failed: boolean;
}) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        Uptime, last {UPTIME_DAYS} days
      </Text>
      {loading ? (
        <UptimeBarSkeleton />
      ) : failed ? (
        <Text size="sm" c="red">
          The uptime could not be loaded.
        </Text>
      ) : (
        <UptimeBar uptime={uptime} days={UPTIME_DAYS} />
      )}
    </Stack>
  );
}
