import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatGbp } from '@scmp/api/contracts/plans';
import { BarChart, type ChartDatum, type ChartSeries } from '../charts';
import { useTRPC } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/types';
import { money } from './format';
import { formatDate } from '../../lib/format';
import { ErrorAlert } from '../../lib/ErrorAlert';

type Invoiced = RouterOutputs['subscription']['invoicedMonthly']['data'];

const SERIES: ChartSeries[] = [
  { key: 'paid', label: 'Paid', color: 'green' },
  { key: 'pending', label: 'Pending', color: 'yellow' },
  { key: 'failed', label: 'Failed', color: 'red' },
  { key: 'upcoming', label: 'Upcoming', color: 'blue' },
];

const monthLabel = (month: string, style: 'long' | 'short') =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    month: style,
    ...(style === 'long' ? { year: 'numeric' } : {}),
  });

/** The chart's figures in one sentence: invoiced and paid over the year, and the next invoice. */
export function invoicedSummaryText(invoiced: Invoiced): string {
  const total = invoiced.months.reduce((s, m) => s + m.total_pence, 0);
  const paid = invoiced.months.reduce((s, m) => s + m.paid_pence, 0);
  const next = invoiced.upcoming
    ? ` Next invoice ${money(invoiced.upcoming.amount_pence)} on ${formatDate(invoiced.upcoming.date, 'long')}.`
    : '';
  return `${money(total)} invoiced over the last 12 months, ${money(paid)} of it paid.${next}`;
}

/** Months as chart data, with the upcoming invoice as a last, distinct bar. */
function chartData(invoiced: Invoiced): ChartDatum[] {
  const data: ChartDatum[] = invoiced.months.map((m) => ({
    label: monthLabel(m.month, 'long'),
    axisLabel: monthLabel(m.month, 'short'),
    values: { paid: m.paid_pence, pending: m.pending_pence, failed: m.failed_pence, upcoming: 0 },
  }));
  if (invoiced.upcoming) {
    data.push({
      label: `Upcoming, ${formatDate(invoiced.upcoming.date, 'long')}`,
      axisLabel: 'Next',
      values: { paid: 0, pending: 0, failed: 0, upcoming: invoiced.upcoming.amount_pence },
    });
  }
  return data;
}

/**
 * What was invoiced per month over the last 12 months (paid, pending and failed stacked) and
 * the upcoming renewal invoice as a distinct bar and a line of text, for one organization.
 */
export function InvoicedChart({ organizationUuid }: { organizationUuid: string }) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.subscription.invoicedMonthly.queryOptions({ organization_uuid: organizationUuid }),
  );
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="invoiced-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="invoiced-title">
          Invoiced per month
        </Title>
        {query.isPending ? (
          <Skeleton height={230} aria-busy="true" data-testid="invoiced-chart-loading" />
        ) : query.isError ? (
          <ErrorAlert error={query.error} fallback="The invoiced amounts could not be loaded." />
        ) : (
          <InvoicedBody invoiced={query.data.data} />
        )}
      </Stack>
    </Card>
  );
}

function InvoicedBody({ invoiced }: { invoiced: Invoiced }) {
  const empty = invoiced.months.every((m) => m.invoices === 0);
  const upcoming = invoiced.upcoming;
  return (
    <>
      {empty && !upcoming ? (
        <Text size="sm" c="dimmed" data-testid="invoiced-chart-empty">
          No invoices in the last 12 months.
        </Text>
      ) : (
        <BarChart
          data={chartData(invoiced)}
          series={SERIES.filter(
            (s) =>
              s.key === 'paid' ||
              (s.key === 'upcoming'
                ? upcoming !== null
                : invoiced.months.some((m) => m[`${s.key}_pence` as 'paid_pence'] > 0)),
          )}
          stacked
          caption="Invoiced per month, last 12 months, and the upcoming invoice"
          summary={invoicedSummaryText(invoiced)}
          valueFormat={money}
          axisFormat={(pence) => formatGbp(pence)}
          testId="invoiced-chart"
        />
      )}
      {upcoming ? (
        <Text size="sm" data-testid="upcoming-invoice">
          Upcoming invoice: <strong>{money(upcoming.amount_pence)}</strong> on{' '}
          {formatDate(upcoming.date, 'long')} ({upcoming.description}
          {upcoming.credit_pence > 0 ? `, less ${money(upcoming.credit_pence)} credit` : ''}).
        </Text>
      ) : null}
    </>
  );
}
