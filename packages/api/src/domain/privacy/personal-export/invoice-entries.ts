import type { AppDeps } from '../../../core/app-deps';
import { invoiceForOwner, renderInvoicePdf } from '../../billing';
import { archiveFileName, jsonEntry, type ArchiveEntry } from '../zip-archive';
import { toIso } from '../../../core/iso-date';

export async function invoiceEntries(deps: AppDeps, userId: number): Promise<ArchiveEntry[]> {
  const db = deps.db;
  const entries: ArchiveEntry[] = [];
  // Invoices of the organizations the person owns, as data and as the PDFs.
  const invoices = await db
    .selectFrom('invoices')
    .innerJoin('organizations', 'organizations.id', 'invoices.organization_id')
    .select([
      'invoices.uuid',
      'invoices.number',
      'invoices.description',
      'invoices.status',
      'invoices.total_pence',
      'invoices.currency',
      'invoices.period_start',
      'invoices.period_end',
      'invoices.paid_at',
      'invoices.created_at',
      'organizations.name as organization_name',
    ])
    .where('organizations.owner_id', '=', userId)
    .orderBy('invoices.id')
    .execute();
  const invoicePath = (number: string) => `invoices/invoice-${archiveFileName(number)}.pdf`;
  entries.push(
    jsonEntry('invoices.json', async () =>
      invoices.map((i) => ({
        uuid: i.uuid,
        number: i.number,
        organization: i.organization_name,
        description: i.description,
        status: i.status,
        total_pence: i.total_pence,
        currency: i.currency,
        period_start: toIso(i.period_start),
        period_end: toIso(i.period_end),
        paid_at: toIso(i.paid_at),
        created_at: toIso(i.created_at),
        file: invoicePath(i.number),
      })),
    ),
  );
  for (const i of invoices) {
    entries.push({
      name: invoicePath(i.number),
      open: async () =>
        renderInvoicePdf(await invoiceForOwner(deps, userId, i.uuid), deps.config.productName),
    });
  }
  return entries;
}
