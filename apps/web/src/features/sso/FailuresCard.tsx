import { Card, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

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
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No refused sign-ins.
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={600}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Sign-in failures (scrolls sideways)"
        >
          <Table aria-label="Sign-in failures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Connection</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((f) => (
                <Table.Tr key={f.uuid}>
                  <Table.Td>{new Date(f.created_at).toLocaleString()}</Table.Td>
                  <Table.Td>{f.connection_name}</Table.Td>
                  <Table.Td>{f.email ?? '—'}</Table.Td>
                  <Table.Td>{f.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
