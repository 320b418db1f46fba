import type { AppDeps } from '@scmp/api';

const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DEVICES = [
  { userAgent: MAC, device: 'Chrome on macOS' },
  { userAgent: IPHONE, device: 'Mobile Safari on iOS' },
] as const;

type Kind = {
  type: 'login' | 'security' | 'profile' | 'organization' | 'settings';
  action: string;
  description: string;
  severity: 'info' | 'medium';
};

const SIGN_IN: Kind = {
  type: 'login',
  action: 'login.success',
  description: 'Signed in',
  severity: 'info',
};
/** Less frequent events, one of them on some days (the day number picks which). */
const OCCASIONAL: Kind[] = [
  {
    type: 'organization',
    action: 'organization.updated',
    description: 'Updated organization "Oakfield Primary School"',
    severity: 'info',
  },
  {
    type: 'profile',
    action: 'profile.updated',
    description: 'Updated profile information',
    severity: 'info',
  },
  {
    type: 'login',
    action: 'login.failed',
    description: 'Failed sign-in attempt (wrong password)',
    severity: 'medium',
  },
  {
    type: 'settings',
    action: 'notifications.updated',
    description: 'Updated notification preferences',
    severity: 'info',
  },
  {
    type: 'organization',
    action: 'subscription.changed',
    description: 'Changed the locations of "Oakfield Primary School"',
    severity: 'info',
  },
  {
    type: 'security',
    action: 'password.changed',
    description: 'Changed account password',
    severity: 'info',
  },
];

/**
 * 90 days of the demo customer's activity for the activity chart: sign-ins on most weekdays
 * (fewer at weekends), and every few days an organization, profile, settings or security event
 * or a failed sign-in. Deterministic from the day number; one multi-row insert (the profile seed adds a few
 * hand-written entries of the last days).
 */
export async function seedActivityHistory(
  deps: AppDeps,
  userIds: Record<string, number>,
): Promise<void> {
  const userId = userIds['demo@scmp.test'];
  if (!userId) return;
  const now = deps.clock.now().getTime();
  const rows = [];
  for (let day = 1; day < 90; day += 1) {
    const at = (hour: number) => new Date(now - day * 86_400_000 - (12 - hour) * 3_600_000);
    const weekday = new Date(now - day * 86_400_000).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const signIns = weekend ? (day % 3 === 0 ? 1 : 0) : 1 + (day % 3 === 1 ? 1 : 0);
    for (let i = 0; i < signIns; i += 1) rows.push({ kind: SIGN_IN, at: at(8 + i * 5), i });
    if (day % 3 === 0) {
      const kind = OCCASIONAL[(day / 3) % OCCASIONAL.length]!;
      rows.push({ kind, at: at(11), i: day });
    }
    if (day % 17 === 5) {
      rows.push({
        kind: {
          type: 'security',
          action: 'session.revoked',
          description: 'Signed out a session on another device',
          severity: 'info',
        } satisfies Kind,
        at: at(15),
        i: day,
      });
    }
  }
  await deps.db
    .insertInto('activity_events')
    .values(
      rows.map(({ kind, at, i }) => {
        const device = DEVICES[i % DEVICES.length]!;
        return {
          user_id: userId,
          type: kind.type,
          action: kind.action,
          description: kind.description,
          severity: kind.severity,
          ip_address: '127.0.0.1',
          user_agent: device.userAgent,
          device: device.device,
          location: 'Local network',
          created_at: at,
        };
      }),
    )
    .execute();
}
