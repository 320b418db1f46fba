import { Group, Stack, Table, Text } from '@mantine/core';
import { DeferredSelect } from '../../lib/DeferredSelect';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { ListState, LoadMoreButton } from '../../lib/ListState';
import { SearchField, useSearchQuery } from '../../lib/SearchField';
import { statusLabel } from './types';
import { InstanceBadges, NameCell, ScrollTable } from './ScrollTable';
import { CustomerLink } from './CustomerLink';

const STATUSES = ['pending', 'provisioning', 'active', 'suspended', 'terminated'] as const;
type Status = (typeof STATUSES)[number];

/** Instances across every tenant: search, status filter, "Load more" paging. */
export function InstancesList() {
  const trpc = useTRPC();
  const { search, setSearch, q } = useSearchQuery();
  const [status, setStatus] = useState<Status | null>(null);
  const instances = useInfiniteQuery(
    trpc.staff.instances.infiniteQueryOptions(
      { limit: 25, ...(q ? { q } : {}), ...(status ? { status } : {}) },
      { getNextPageParam: (last) => last.next_cursor ?? undefined },
    ),
  );
  const rows = instances.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap" role="search">
        <SearchField
          label="Search instances"
          description="The start of a host name or an instance name"
          placeholder="e.g. main-"
          value={search}
          onChange={setSearch}
          w={320}
        />
        <DeferredSelect
          label="Status"
          description="Show one status only"
          placeholder="Any status"
          data={STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          value={status}
          onChange={(v) => setStatus((v as Status | null) ?? null)}
          clearable
          w={180}
        />
      </Group>
      <ListState
        query={instances}
        what="instances"
        rowCount={rows.length}
        emptyText={q || status ? 'No instance matches.' : 'No instances yet.'}
      >
        <ScrollTable
          label="Instances"
          minWidth={720}
          testId="instances-list"
          columns={['Instance', 'Organization and owner', 'Status', 'SSL and domain']}
        >
          {rows.map((i) => (
            <Table.Tr key={i.uuid}>
              <NameCell name={i.name} detail={i.host ?? 'No host'} />
              <Table.Td>
                <Text size="sm">{i.organization.name}</Text>
                <CustomerLink uuid={i.owner.uuid} size="xs">
                  {i.owner.email}
                </CustomerLink>
              </Table.Td>
              <Table.Td>
                <InstanceBadges status={i.status} health={i.health} />
              </Table.Td>
              <Table.Td>
                <Text size="xs">SSL: {statusLabel(i.ssl_status)}</Text>
                <Text size="xs" c="gray.7">
                  {i.custom_domain
                    ? `${i.custom_domain} (${statusLabel(i.custom_domain_status)})`
                    : 'No custom domain'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      </ListState>
      <LoadMoreButton query={instances} spinner />
    </Stack>
  );
}
