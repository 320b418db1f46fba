/** "3 Jan 2027" (en-GB, medium), or with the time: "3 Jan 2027, 14:05"; '—' when there is no date. */
export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return withTime
    ? date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    : date.toLocaleDateString('en-GB', { dateStyle: 'medium' });
}
