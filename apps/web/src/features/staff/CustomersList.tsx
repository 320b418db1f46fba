import { Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { ListState, LoadMoreButton } from '../../lib/ListState';
import { SearchField, useSearchQuery } from '../../lib/SearchField';
import { statusLabel } from './types';
import { ScrollTable, TextCell } from './ScrollTable';
import { CustomerLink } from './CustomerLink';

/** Every customer with their organizations, plan and state: prefix search, "Load more" paging. */
export function CustomersList() {
  const trpc = useTRPC();
  const { search, setSearch, q } = useSearchQuery();
  const customers = useInfiniteQuery(
    trpc.staff.customers.infiniteQueryOptions(
      { limit: 25, ...(q ? { q } : {}) },
      { getNextPageParam: (last) => last.next_cursor ?? undefined },
    ),
  );
  const rows = customers.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Stack gap="sm">
      <Box role="search" maw={420}>
        <SearchField
          label="Search customers"
          description="The start of an e-mail address, a name or an organization's name"
          placeholder="e.g. demo@ or Greenfield"
          value={search}
          onChange={setSearch}
        />
      </Box>
      <ListState
        query={customers}
        what="customers"
        rowCount={rows.length}
        emptyText={q ? `No customer matches “${q}”.` : 'No customers yet.'}
      >
        <ScrollTable
          label="Customers"
          minWidth={640}
          testId="customers-list"
          columns={['Customer', 'Organizations', 'Joined']}
        >
          {rows.map((c) => (
            <Table.Tr key={c.uuid}>
              <Table.Td>
                <CustomerLink uuid={c.uuid} fw={600}>
                  {c.name}
                </CustomerLink>
                <Text size="xs" c="gray.7">
                  {c.email}
                  {c.email_verified ? '' : ' · not verified'}
                </Text>
              </Table.Td>
              <Table.Td>
                {c.organizations.length === 0 ? (
                  <Text size="sm" c="gray.7">
                    None
                  </Text>
                ) : (
                  <Stack gap={2}>
                    {c.organizations.map((o) => (
                      <Group key={o.uuid} gap={6} wrap="nowrap">
                        <Text size="sm">{o.name}</Text>
                        <Badge
                          size="xs"
                          variant="light"
                          color={o.subscription_status === 'past_due' ? 'red' : 'gray'}
                        >
                          {o.plan
                            ? `${o.plan} · ${statusLabel(o.subscription_status)}`
                            : statusLabel(o.status)}
                        </Badge>
                      </Group>
                    ))}
                    {c.organizations_total > c.organizations.length ? (
                      <Text size="xs" c="gray.7">
                        and {c.organizations_total - c.organizations.length} more
                      </Text>
                    ) : null}
                  </Stack>
                )}
              </Table.Td>
              <TextCell>{new Date(c.created_at).toLocaleDateString('en-GB')}</TextCell>
            </Table.Tr>
          ))}
        </ScrollTable>
      </ListState>
      <LoadMoreButton query={customers} spinner />
    </Stack>
  );
}
