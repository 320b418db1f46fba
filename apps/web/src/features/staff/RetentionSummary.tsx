import { Badge, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/types';
import { formatDay } from './types';
import { ScrollTable, TableSection, TextCell } from './ScrollTable';
import { StaffSection } from './StaffSection';
import { ErrorAlert } from '../../lib/ErrorAlert';

type Retention = RouterOutputs['staff']['retention']['data'];
type Run = Retention['runs'][number];

const RUN_BADGE: Record<Run['status'], { color: string; label: string }> = {
  ok: { color: 'green', label: 'OK' },
  failed: { color: 'red', label: 'Failed' },
  running: { color: 'blue', label: 'Running' },
};

function RuleOutcome({ result }: { result: Run['results'][number] }) {
  if (result.outcome === 'failed')
    return (
      <Text size="sm" c="red.8" fw={600}>
        Failed{result.error ? `: ${result.error}` : ''}
      </Text>
    );
  return <Text size="sm">{result.removed.toLocaleString('en-GB')} removed</Text>;
}

/** The latest run in full: every rule with what it removed. */
function LatestRun({ run, rules }: { run: Run; rules: Retention['rules'] }) {
  const labels = new Map(rules.map((r) => [r.id as string, r]));
  return (
    <ScrollTable
      label="Latest retention run by rule"
      minWidth={560}
      testId="retention-latest"
      columns={['Rule', 'Kept for', 'Last run']}
    >
      {run.results.map((r) => (
        <Table.Tr key={r.rule}>
          <TextCell>{labels.get(r.rule)?.what ?? r.rule}</TextCell>
          <Table.Td>
            <Text size="sm" c="gray.7">
              {labels.get(r.rule)?.kept_for ?? '—'}
            </Text>
          </Table.Td>
          <Table.Td>
            <RuleOutcome result={r} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

/** The operator console's Data retention tab: the latest runs and the organizations closing. */
export function RetentionSummary() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.staff.retention.queryOptions(), refetchInterval: 60_000 });
  if (query.isError)
    return (
      <ErrorAlert
        error={query.error}
        fallback="Please try again in a moment."
        title="The retention summary could not be loaded"
      />
    );
  const data = query.data?.data;
  if (!data) return <Skeleton h={240} aria-busy="true" aria-label="Loading the retention runs" />;
  const latest = data.runs[0];
  return (
    <Stack gap="lg">
      <StaffSection
        titleId="retention-title"
        title="Data retention"
        intro="The retention job runs every hour and applies each rule of the privacy policy. A failed run e-mails the operators and is retried."
      >
        {latest ? (
          <>
            <Text size="sm">
              Latest run {formatDay(latest.started_at, true)}:{' '}
              <Badge color={RUN_BADGE[latest.status].color} variant="light">
                {RUN_BADGE[latest.status].label}
              </Badge>
            </Text>
            <LatestRun run={latest} rules={data.rules} />
          </>
        ) : (
          <Text c="gray.7">No retention run yet: the first one starts within the hour.</Text>
        )}
      </StaffSection>
      {data.runs.length > 0 && (
        <TableSection
          titleId="runs-title"
          title="Recent runs"
          label="Recent retention runs"
          minWidth={560}
          testId="retention-runs"
          columns={['Started', 'Finished', 'Result', 'Rows removed']}
        >
          {data.runs.map((run) => (
            <Table.Tr key={run.uuid}>
              <TextCell>{formatDay(run.started_at, true)}</TextCell>
              <TextCell>{formatDay(run.finished_at, true)}</TextCell>
              <Table.Td>
                <Badge color={RUN_BADGE[run.status].color} variant="light">
                  {RUN_BADGE[run.status].label}
                </Badge>
                {run.error && (
                  <Text size="xs" c="red.8">
                    {run.error}
                  </Text>
                )}
              </Table.Td>
              <TextCell>
                {run.results.reduce((n, r) => n + r.removed, 0).toLocaleString('en-GB')}
              </TextCell>
            </Table.Tr>
          ))}
        </TableSection>
      )}
      <TableSection
        titleId="closing-title"
        title={`Organizations closing (${data.closing_organizations.length})`}
        label="Organizations closing"
        minWidth={560}
        testId="closing-organizations"
        columns={['Organization', 'Owner', 'Closed', 'Purged on']}
        emptyText="No organization is in its 60-day closing window."
      >
        {data.closing_organizations.map((o) => (
          <Table.Tr key={o.uuid}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {o.name}
              </Text>
            </Table.Td>
            <TextCell>{o.owner_email}</TextCell>
            <TextCell>{formatDay(o.closed_at)}</TextCell>
            <TextCell>{formatDay(o.purge_at)}</TextCell>
          </Table.Tr>
        ))}
      </TableSection>
    </Stack>
  );
}
