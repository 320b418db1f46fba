import { SimpleGrid, Skeleton } from '@mantine/core';
import { BarChart, TrendChart } from '../charts';
import { StaffSection } from './StaffSection';
import { formatPence, type StaffOverview } from './types';

const MONTH = (month: string, style: 'long' | 'short') =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: style,
    year: style === 'long' ? 'numeric' : undefined,
    timeZone: 'UTC',
  });

const DAY = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

function MrrTrend({ overview }: { overview: StaffOverview }) {
  const known = overview.mrr.trend.filter((p) => p.mrr_pence !== null);
  const first = known[0];
  const data = known.map((p) => ({
    label: MONTH(p.month, 'long'),
    axisLabel: MONTH(p.month, 'short'),
    values: { mrr: p.mrr_pence ?? 0 },
  }));
  const summary =
    first && known.length > 1
      ? `${formatPence(overview.mrr.mrr_pence)} a month now, from ${formatPence(first.mrr_pence ?? 0)} in ${MONTH(first.month, 'long')}.`
      : `${formatPence(overview.mrr.mrr_pence)} a month now; no history recorded yet.`;
  return (
    <TrendChart
      data={data}
      series={[{ key: 'mrr', label: 'MRR', color: 'teal' }]}
      caption="Monthly recurring revenue, last 12 months"
      summary={summary}
      valueFormat={formatPence}
      axisFormat={(n) => formatPence(Math.round(n / 100) * 100)}
      area
      testId="mrr-trend"
    />
  );
}

function WeeklyChart({ overview }: { overview: StaffOverview }) {
  const signUps = overview.weekly.reduce((s, w) => s + w.sign_ups, 0);
  const cancellations = overview.weekly.reduce((s, w) => s + w.cancellations, 0);
  return (
    <BarChart
      data={overview.weekly.map((w) => ({
        label: `Week from ${DAY(w.week_start)}`,
        axisLabel: DAY(w.week_start),
        values: { sign_ups: w.sign_ups, cancellations: w.cancellations },
      }))}
      series={[
        { key: 'sign_ups', label: 'Sign-ups', color: 'blue' },
        { key: 'cancellations', label: 'Cancellations', color: 'red' },
      ]}
      caption="New sign-ups and cancellations per week, last 12 weeks"
      summary={`${signUps} sign-ups and ${cancellations} cancellations in 12 weeks.`}
      testId="weekly-chart"
    />
  );
}

/** The two chart sections, left to right; `loading` names the grey block drawn while loading. */
const CHARTS = [
  {
    titleId: 'mrr-title',
    title: 'Revenue',
    intro: 'Active and past-due subscriptions at their plan and venues; no discounts exist.',
    loading: 'Loading the revenue chart',
    Chart: MrrTrend,
  },
  {
    titleId: 'weekly-title',
    title: 'Sign-ups and cancellations',
    intro: 'New customer accounts and cancelled subscriptions, per 7-day week ending today.',
    loading: 'Loading the weekly chart',
    Chart: WeeklyChart,
  },
];

/** MRR with its 12-month trend, and sign-ups / cancellations per week. */
export function RevenueCharts({ overview }: { overview: StaffOverview | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {CHARTS.map(({ titleId, title, intro, loading, Chart }) => (
        <StaffSection key={titleId} titleId={titleId} title={title} intro={intro}>
          {overview ? (
            <Chart overview={overview} />
          ) : (
            <Skeleton h={220} aria-busy="true" aria-label={loading} />
          )}
        </StaffSection>
      ))}
    </SimpleGrid>
  );
}
