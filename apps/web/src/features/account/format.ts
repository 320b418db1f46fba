/** 'Just now' under 1 hour, 'N hours ago' under 24 hours, 'Yesterday' under 48 hours, else a full date. */
export function relativeTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const hours = (now.getTime() - date.getTime()) / 3_600_000;
  if (hours < 1) return 'Just now';
  if (hours < 24) {
    const n = Math.floor(hours);
    return `${n} ${n === 1 ? 'hour' : 'hours'} ago`;
  }
  if (hours < 48) return 'Yesterday';
  return fullDate(iso);
}

export function fullDate(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A mobile icon for device texts naming mobile, iPhone or Android. */
export function isMobileDevice(device: string): boolean {
  return /mobile|iphone|android/i.test(device);
}
