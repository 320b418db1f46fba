import { Group, Skeleton, Text } from '@mantine/core';
import type { RouterOutputs } from '../../lib/types';

export type InstanceUptime = RouterOutputs['instances']['uptime']['data']['instances'][number];
type UptimeDay = InstanceUptime['days'][number];

/** The theme colour of a day: green at 99.9% and above, orange from 99%, red below, grey without checks. */
function dayColor(uptime: number | null): string {
  if (uptime === null) return 'var(--mantine-color-gray-5)';
  if (uptime >= 99.9) return 'var(--mantine-color-green-filled)';
  if (uptime >= 99) return 'var(--mantine-color-orange-filled)';
  return 'var(--mantine-color-red-filled)';
}

function dayTitle(day: UptimeDay): string {
  const date = new Date(`${day.date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return day.uptime === null
    ? `${date}: no data`
    : `${date}: ${day.uptime}% (${day.checks - day.healthy} of ${day.checks} checks failed)`;
}

const BAR_W = 6;
const GAP = 2;
const HEIGHT = 24;

/**
 * A small bar per day of the instance's uptime (oldest left); the whole reads as one image whose
 * name gives the period's uptime, and each day says its own figure as a tooltip (title).
 */
export function UptimeBar({ uptime, days }: { uptime: InstanceUptime | undefined; days: number }) {
  const label =
    uptime?.uptime === null || uptime === undefined
      ? `Uptime ${days} days: no data`
      : `Uptime ${days} days: ${uptime.uptime}%`;
  const list = uptime?.days ?? [];
  const width = Math.max(list.length, 1) * (BAR_W + GAP) - GAP;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="uptime-bar">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        preserveAspectRatio="none"
        style={{ maxWidth: width * 1.6, minWidth: 0, flex: 1 }}
      >
        {list.map((day, k) => (
          <rect
            key={day.date}
            x={k * (BAR_W + GAP)}
            y={0}
            width={BAR_W}
            height={HEIGHT}
            rx={1.5}
            fill={dayColor(day.uptime)}
            data-uptime={day.uptime ?? 'none'}
          >
            <title>{dayTitle(day)}</title>
          </rect>
        ))}
      </svg>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} aria-hidden>
        {uptime?.uptime === null || uptime === undefined ? 'No data' : `${uptime.uptime}%`}
      </Text>
    </Group>
  );
}

export function UptimeBarSkeleton() {
  return <Skeleton height={HEIGHT} width={240} aria-hidden />;
}
