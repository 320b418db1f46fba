import { bearerHeaders, failedBody, saveResponse } from '../../lib/download';

/** POST /api/v1/profile/avatar as multipart (field `avatar`); throws the server's message. */
export async function uploadAvatar(file: File): Promise<void> {
  const form = new FormData();
  form.append('avatar', file);
  const res = await fetch('/api/v1/profile/avatar', {
    method: 'POST',
    body: form,
    headers: bearerHeaders(),
  });
  if (!res.ok) {
    const body = await failedBody(res, { announceExpiry: true });
    throw new Error(body?.message || 'Failed to update profile');
  }
}

/** GET /api/v1/activity/export as a file download. */
export async function downloadActivityCsv(type: string, days: number): Promise<void> {
  const res = await fetch(`/api/v1/activity/export?type=${encodeURIComponent(type)}&days=${days}`, {
    headers: bearerHeaders(),
  });
  if (!res.ok) {
    const body = await failedBody(res, { announceExpiry: false });
    throw new Error(body?.message || 'Failed to fetch activity log');
  }
  await saveResponse(res, 'activity-log.csv');
}
