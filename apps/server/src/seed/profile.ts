import type { AppDeps } from '@scmp/api';

const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A short, plausible activity history for the demo customer (the log is otherwise empty). */
export async function seedProfile(deps: AppDeps, userIds: Record<string, number>): Promise<void> {
  const userId = userIds['demo@scmp.test'];
  if (!userId) return;
  const now = deps.clock.now().getTime();
  const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
  const events = [
    [200, 'login', 'login.success', 'Signed in', 'info', MAC, 'Chrome on macOS'],
    [
      150,
      'profile',
      'profile.updated',
      'Updated profile information',
      'info',
      MAC,
      'Chrome on macOS',
    ],
    [
      100,
      'login',
      'login.failed',
      'Failed sign-in attempt (wrong password)',
      'medium',
      IPHONE,
      'Mobile Safari on iOS',
    ],
    [99, 'login', 'login.success', 'Signed in', 'info', IPHONE, 'Mobile Safari on iOS'],
    [30, 'login', 'login.success', 'Signed in', 'info', MAC, 'Chrome on macOS'],
  ] as const;
  await deps.db
    .insertInto('activity_events')
    .values(
      events.map(([hours, type, action, description, severity, userAgent, device]) => ({
        user_id: userId,
        type,
        action,
        description,
        severity,
        ip_address: '127.0.0.1',
        user_agent: userAgent,
        device,
        location: 'Local network',
        created_at: hoursAgo(hours),
      })),
    )
    .execute();
}
