import { Card, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { ListTable } from '../../lib/ListTable';

type Organization = { uuid: string; name: string };

/** Sign-in failures: refused SSO attempts with the reason (the person saw one message). */
export function FailuresCard({ organization }: { organization: Organization }) {
  const trpc = useTRPC();
  const failures = useQuery(trpc.sso.failures.queryOptions({ id: organization.uuid }));
  const list = failures.data?.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        Sign-in failures
      </Title>
      <ListTable
        emptyText="No refused sign-ins."
        columns={['When', 'Connection', 'E-mail', 'Reason']}
        minWidth={600}
        region="Sign-in failures"
        aria-label="Sign-in failures"
      >
        {list.map((f) => (
          <Table.Tr key={f.uuid}>
            <Table.Td>{new Date(f.created_at).toLocaleString()}</Table.Td>
            <Table.Td>{f.connection_name}</Table.Td>
            <Table.Td>{f.email ?? '—'}</Table.Td>
            <Table.Td>{f.reason}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Card>
  );
}
