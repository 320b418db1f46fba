import { getStoredToken } from '../../lib/token';
import type { ErrorEnvelope } from '../../lib/trpc';

/** POST /api/v1/profile/avatar as multipart (field `avatar`); throws the server's message. */
export async function uploadAvatar(file: File): Promise<void> {
  const form = new FormData();
  form.append('avatar', file);
  const token = getStoredToken();
  const res = await fetch('/api/v1/profile/avatar', {
    method: 'POST',
    body: form,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ErrorEnvelope | null;
    if (body?.session_expired) window.dispatchEvent(new Event('scmp:session-expired'));
    throw new Error(body?.message || 'Failed to update profile');
  }
}

/** GET /api/v1/activity/export as a file download. */
export async function downloadActivityCsv(type: string, days: number): Promise<void> {
  const token = getStoredToken();
  const res = await fetch(`/api/v1/activity/export?type=${encodeURIComponent(type)}&days=${days}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ErrorEnvelope | null;
    throw new Error(body?.message || 'Failed to fetch activity log');
  }
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'activity-log.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
