import type { Selectable } from 'kysely';
import type { ActivityEventsTable } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { keysetPage, type Page } from '../../core/keyset-page';
import type { ActivityFilter, ActivityOutput, ActivitySummary } from './activity-schema';
import { DAY_MS } from '../../core/durations';

function baseQuery(deps: AppDeps, userId: number, type: ActivityFilter, days: number) {
  const since = new Date(deps.clock.now().getTime() - days * DAY_MS);
  let query = deps.db
    .selectFrom('activity_events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('created_at', '>=', since);
  if (type !== 'all') query = query.where('type', '=', type);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc');
}

function toOutput(row: Selectable<ActivityEventsTable>): ActivityOutput {
  return {
    id: row.uuid,
    type: row.type,
    action: row.action,
    description: row.description,
    ip_address: row.ip_address,
    device: row.device,
    location: row.location,
    severity: row.severity,
    timestamp: new Date(row.created_at).toISOString(),
  };
}

export async function listActivity(
  deps: AppDeps,
  userId: number,
  input: { type: ActivityFilter; days: number; cursor?: string; limit: number },
): Promise<Page<ActivityOutput>> {
  return keysetPage(baseQuery(deps, userId, input.type, input.days), input, toOutput);
}

/** Successful sign-ins, failed attempts and distinct devices that signed in over the period. */
export async function activitySummary(
  deps: AppDeps,
  userId: number,
  days: number,
): Promise<ActivitySummary> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - days * DAY_MS);
  const counts = await deps.db
    .selectFrom('activity_events')
    .select((eb) => [
      eb.fn.count<string>('id').filterWhere('action', '=', 'login.success').as('successful'),
      eb.fn.count<string>('id').filterWhere('action', '=', 'login.failed').as('failed'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  const devices = await deps.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.count<string>('user_agent').distinct().as('count'))
    .where('user_id', '=', userId)
    .where('last_active_at', '>=', since)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return {
    successful_logins: Number(counts?.successful ?? 0),
    failed_attempts: Number(counts?.failed ?? 0),
    active_devices: Number(devices?.count ?? 0),
    days,
  };
}

/** One CSV cell: quoted when needed; a leading = + - @ tab or CR is neutralised with a quote. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text) || text !== text.trim()) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** The filtered log as CSV (RFC 4180, CRLF line ends), at most 10,000 rows. */
export async function exportActivityCsv(
  deps: AppDeps,
  userId: number,
  input: { type: ActivityFilter; days: number },
): Promise<string> {
  const rows = await baseQuery(deps, userId, input.type, input.days).limit(10_000).execute();
  const header = [
    'Date',
    'Type',
    'Action',
    'Description',
    'Severity',
    'IP address',
    'Device',
    'Location',
  ];
  const lines = [header.join(',')];
  for (const row of rows) {
    lines.push(
      [
        new Date(row.created_at).toISOString(),
        row.type,
        row.action,
        row.description,
        row.severity,
        row.ip_address,
        row.device,
        row.location,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
