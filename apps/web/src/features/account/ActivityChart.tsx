import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BarChart, type ChartDatum, type ChartSeries } from '../charts';
import { useTRPC } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/types';
import { ErrorAlert } from '../../lib/ErrorAlert';

type Daily = RouterOutputs['profile']['activityDaily']['data'];
type Filter = Daily['type'];

const SERIES: ChartSeries[] = [
  { key: 'login', label: 'Sign-ins', color: 'blue' },
  { key: 'security', label: 'Security', color: 'orange' },
  { key: 'profile', label: 'Profile changes', color: 'teal' },
  { key: 'organization', label: 'Organization', color: 'grape' },
  { key: 'settings', label: 'Settings', color: 'gray' },
];

const dayLabel = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', ...options });

/** The chart's figures in one sentence: the total and the busiest day. */
export function activitySummaryText(daily: Daily): string {
  const total = daily.series.reduce((s, d) => s + d.total, 0);
  if (total === 0) return `No events in the last ${daily.days} days.`;
  const busiest = daily.series.reduce((a, b) => (b.total >= a.total ? b : a));
  const events = (n: number) => `${n.toLocaleString('en-GB')} event${n === 1 ? '' : 's'}`;
  return `${events(total)} in the last ${daily.days} days; busiest day ${dayLabel(busiest.date, {
    day: 'numeric',
    month: 'long',
  })} with ${events(busiest.total)}.`;
}

/**
 * Events per day (UTC) over the page's period, stacked by type, following the page's period and
 * type filters; loading, empty and error states of its own so the list below is not held up.
 */
export function ActivityChart({ type, days }: { type: Filter; days: number }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.profile.activityDaily.queryOptions({ type, days }));
  if (query.isPending) {
    return <Skeleton height={230} aria-busy="true" data-testid="activity-chart-loading" />;
  }
  if (query.isError) {
    return <ErrorAlert error={query.error} fallback="The activity chart could not be loaded." />;
  }
  const daily = query.data.data;
  const series = type === 'all' ? SERIES : SERIES.filter((s) => s.key === type);
  if (daily.series.every((d) => d.total === 0)) {
    return (
      <Text c="dimmed" size="sm" data-testid="activity-chart-empty">
        No activity to chart for this period.
      </Text>
    );
  }
  const data: ChartDatum[] = daily.series.map((d) => ({
    label: dayLabel(d.date, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
    axisLabel: dayLabel(d.date, { day: 'numeric', month: 'short' }),
    values: d.by_type,
  }));
  return (
    <BarChart
      data={data}
      series={series}
      stacked
      caption={`Events per day (UTC), last ${daily.days} days`}
      summary={activitySummaryText(daily)}
      testId="activity-chart"
    />
  );
}
