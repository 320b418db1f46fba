/**
 * "3 Jan 2027" (en-GB, medium), with the time: "3 Jan 2027, 14:05"; with 'long', the month in
 * full: "3 January 2027" (the billing pages). '—' when there is no date.
 */
export function formatDate(
  iso: string | null | undefined,
  style: boolean | 'long' = false,
): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (style === 'long') {
    return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  }
  return style
    ? date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    : date.toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

/**
 * "3 Jan 2027" in UTC, for the server's dates that are days; with `withTime`, the UTC time too:
 * "3 Jan 2027, 09:00" (the staff console's job runs). '—' when there is none.
 */
export function formatDay(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    timeZone: 'UTC',
  });
}
