import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { getStoredToken } from '../../lib/token';
import { useTRPC } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/types';
import { invoiceStatusColor, money } from './format';
import { formatDate } from '../../lib/format';
import { ListTable } from '../../lib/ListTable';
import { SectionCard } from '../../lib/SectionCard';

type HistoryItem = RouterOutputs['subscription']['billingHistory']['data'][number];

/** An invoice's links, as far as the provider gave them: the PDF download, the page to view. */
const INVOICE_LINKS = [
  { field: 'invoice_pdf', kind: 'pdf', label: 'PDF' },
  { field: 'invoice_url', kind: 'html', label: 'View' },
] as const;

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
    <SectionCard title="Billing History">
      {history.isLoading ? (
        <Text size="sm">Loading...</Text>
      ) : (
        <ListTable
          emptyText="No billing history available."
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
                    {INVOICE_LINKS.map(({ field, kind, label }) => {
                      const url = item[field];
                      return url ? (
                        <Anchor
                          key={kind}
                          component="button"
                          type="button"
                          onClick={() => open(url, kind)}
                        >
                          {label}
                        </Anchor>
                      ) : null;
                    })}
                  </Group>
                ) : (
                  'N/A'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </SectionCard>
  );
}
