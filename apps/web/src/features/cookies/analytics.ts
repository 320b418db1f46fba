/**
 * First-party analytics, loaded (dynamic import) only after the visitor allowed analytics
 * cookies. It sends the path of each page view; nothing personal.
 */
let lastPath: string | null = null;

export function sendPageView(path: string): void {
  if (path === lastPath) return;
  lastPath = path;
  void fetch('/api/v1/public/analytics/pageview', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ path }),
    keepalive: true,
  }).catch(() => {
    /* analytics must never disturb the page */
  });
}
