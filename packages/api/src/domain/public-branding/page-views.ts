/**
 * First-party analytics: page views counted per path in this process's memory only. Nothing
 * personal (no IP, no user, no cookie) is read or stored.
 */
const counts = new Map<string, number>();
const MAX_PATHS = 1000;

export function recordPageView(path: string): number {
  const key = path.split(/[?#]/)[0] || '/';
  if (!counts.has(key) && counts.size >= MAX_PATHS) return 0;
  const next = (counts.get(key) ?? 0) + 1;
  counts.set(key, next);
  return next;
}

export function pageViewCount(path: string): number {
  return counts.get(path) ?? 0;
}
