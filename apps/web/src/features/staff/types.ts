import type { RouterOutputs } from '../../lib/types';

export type StaffOverview = RouterOutputs['staff']['overview']['data'];
export type StaffCustomerRow = RouterOutputs['staff']['customers']['data'][number];
export type StaffInstanceRow = RouterOutputs['staff']['instances']['data'][number];
export type StaffCustomer = RouterOutputs['staff']['customer']['data'];

/** "£1,234.50" from pence. */
export function formatPence(pence: number): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: pence % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(pence / 100);
}

/** "3 h 20 min", "45 min", "2 d 4 h" from seconds. */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

export { formatDay } from '../../lib/format';

export const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** "Past due", "In progress": a status key as words. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return '—';
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
