import { formatGbp } from '@scmp/api/contracts/plans';

export { TEST_MODE_TEXT } from '@scmp/api/contracts/product';

/** Pence → "£1,234.50" (always two decimals). */
export function money(pence: number): string {
  return formatGbp(pence, { minimumFractionDigits: 2 });
}

export function statusColor(status: string): string {
  switch (status) {
    case 'active':
      return 'green';
    case 'cancelled':
      return 'red';
    case 'suspended':
      return 'yellow';
    case 'past_due':
      return 'red';
    default:
      return 'gray';
  }
}

export function invoiceStatusColor(status: string): string {
  if (status === 'paid') return 'green';
  if (status === 'pending') return 'yellow';
  if (status === 'failed') return 'red';
  return 'gray';
}

export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
