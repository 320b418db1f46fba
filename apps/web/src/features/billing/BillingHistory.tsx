import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { getStoredToken } from '../../lib/token';
import { useTRPC } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/types';
import { invoiceStatusColor, money } from './format';
import { formatDate } from '../../lib/format';
import { DataTable } from '../../lib/DataTable';

type HistoryItem = RouterOutputs['subscription']['billingHistory']['data'][number];

async function openInvoice(url: string, kind: 'pdf' | 'html') {
  const path = new URL(url, window.location.origin);
  const sameOrigin =
    path.origin === window.location.origin ||
    path.pathname.startsWith('/api/v1/subscription/invoices/');
  if (!sameOrigin) {
    // Stripe's hosted invoice page and PDF: opened as they are, never sent our token.
    window.open(url, '_blank', 'noopener');
    return;
  }
  const target = path.pathname;
  const token = getStoredToken();
  const res = await fetch(target, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error('Invoice unavailable');
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  if (kind === 'pdf') {
    const a = document.createElement('a');
    a.href = href;
    a.download = `invoice-${path.pathname.split('/').at(-2) ?? 'download'}.pdf`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } else {
    window.open(href, '_blank', 'noopener');
  }
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function BillingHistory({ organizationUuid }: { organizationUuid: string }) {
  const trpc = useTRPC();
  const history = useQuery(
    trpc.subscription.billingHistory.queryOptions({ organization_uuid: organizationUuid }),
  );
  const items: HistoryItem[] = history.data?.data ?? [];
  const open = (url: string, kind: 'pdf' | 'html') =>
    openInvoice(url, kind).catch(() =>
      notifications.show({ color: 'red', message: 'The invoice could not be opened.' }),
    );
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          Billing History
        </Title>
        {history.isLoading ? (
          <Text size="sm">Loading...</Text>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No billing history available.
          </Text>
        ) : (
          <DataTable
            columns={['Date', 'Description', 'Amount', 'Status', 'Actions']}
            minWidth={600}
            striped
            aria-label="Billing history"
          >
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{formatDate(item.created_at, 'long')}</Table.Td>
                <Table.Td>{item.description}</Table.Td>
                <Table.Td>
                  {money(item.amount_pence)} {item.currency}
                </Table.Td>
                <Table.Td>
                  <Badge color={invoiceStatusColor(item.status)} variant="light">
                    {item.status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {item.invoice_pdf || item.invoice_url ? (
                    <Group gap="sm">
                      {item.invoice_pdf && (
                        <Anchor
                          component="button"
                          type="button"
                          onClick={() => open(item.invoice_pdf!, 'pdf')}
                        >
                          PDF
                        </Anchor>
                      )}
                      {item.invoice_url && (
                        <Anchor
                          component="button"
                          type="button"
                          onClick={() => open(item.invoice_url!, 'html')}
                        >
                          View
                        </Anchor>
                      )}
                    </Group>
                  ) : (
                    'N/A'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Stack>
    </Card>
  );
}
