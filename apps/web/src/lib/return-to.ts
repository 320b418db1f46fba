/**
 * Where to come back to after a detour that leaves the page (the verification e-mail may open in
 * another tab): an invitation remembers its own page here for a day.
 */
const KEY = 'scmp.returnTo';
const TTL_MS = 24 * 60 * 60 * 1000;

export function rememberReturnTo(path: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    /* storage unavailable: the user finds the link in the e-mail again */
  }
}

/** The remembered path (once), if it is a same-site path less than a day old. */
export function takeReturnTo(): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    const saved = raw ? (JSON.parse(raw) as { path?: unknown; at?: unknown }) : null;
    if (!saved || typeof saved.path !== 'string' || typeof saved.at !== 'number') return null;
    if (Date.now() - saved.at > TTL_MS) return null;
    return saved.path.startsWith('/') && !saved.path.startsWith('//') ? saved.path : null;
  } catch {
    return null;
  }
}
