import type { AppDeps } from '../../core/app-deps';
import { accountEntries } from './personal-export/account-entries';
import { invoiceEntries } from './personal-export/invoice-entries';
import { readme } from './personal-export/readme';
import { ticketEntries } from './personal-export/ticket-entries';
import { tokenAndConsentEntries } from './personal-export/token-and-consent-entries';
import type { ArchiveEntry } from './zip-archive';

/**
 * A person's own export, in the order of PERSONAL_EXPORT_FILES (personal-export/readme.ts):
 * README.txt, the account's records, tickets with attachments, invoices with PDFs, then tokens,
 * webhooks and consent.
 */
export async function personalExportEntries(
  deps: AppDeps,
  userId: number,
): Promise<ArchiveEntry[]> {
  const db = deps.db;
  const now = deps.clock.now();
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const entries: ArchiveEntry[] = [
    {
      name: 'README.txt',
      open: async () => Buffer.from(readme(deps.config.productName, now), 'utf8'),
    },
    ...accountEntries(deps, userId, user),
  ];
  entries.push(...(await ticketEntries(deps, userId)));
  entries.push(...(await invoiceEntries(deps, userId)));
  entries.push(...tokenAndConsentEntries(deps, userId, user));
  return entries;
}
