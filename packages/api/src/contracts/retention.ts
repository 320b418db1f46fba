/**
 * The retention rules (issue 38): what SCMP removes on its own, after how long, and how. This
 * table is the one place the periods live: the retention job (domain/privacy/retention.ts) runs
 * one function per rule id, docs/privacy.md shows it (a test compares the two), and the public
 * /privacy page renders it. Client-safe: imports nothing, so the web bundle may use it.
 */

export type RetentionPeriod = { amount: number; unit: 'hours' | 'days' | 'years' };

export type RetentionRule = {
  id: RetentionRuleId;
  /** What is removed (a plain description for people). */
  what: string;
  /** How long it is kept, as the default period. */
  period: RetentionPeriod;
  /** When the clock starts, for people ("of inactivity", "after deletion"). */
  from: string;
  /** What happens at the end of the period. */
  then: string;
  /** The environment setting that changes the period, when one does. */
  setting?: string;
};

export const RETENTION_RULE_IDS = [
  'sessions',
  'data-exports',
  'webhook-deliveries',
  'mail-bodies',
  'health-checks',
  'idempotency-keys',
  'deleted-accounts',
  'closed-organizations',
  'invoices',
  'activity-log',
] as const;
export type RetentionRuleId = (typeof RETENTION_RULE_IDS)[number];

/** The activity log is kept at least this many days (one year): ACTIVITY_LOG_RETENTION_DAYS is refused below it. */
export const ACTIVITY_LOG_MIN_DAYS = 365;
/** The activity log's default period: 2 years. */
export const ACTIVITY_LOG_DEFAULT_DAYS = 730;

/** One rule from its columns, in the order of the table below. */
const rule = (
  id: RetentionRuleId,
  what: string,
  [amount, unit]: [number, RetentionPeriod['unit']],
  from: string,
  then: string,
  setting?: string,
): RetentionRule => ({
  id,
  what,
  period: { amount, unit },
  from,
  then,
  ...(setting === undefined ? {} : { setting }),
});

export const RETENTION_RULES: readonly RetentionRule[] = [
  rule(
    'sessions',
    'Sign-in sessions (device, browser, IP address)',
    [30, 'days'],
    'of inactivity, or at the absolute limit',
    'deleted; the device is signed out',
    'SESSION_IDLE_DAYS',
  ),
  rule(
    'data-exports',
    'Data export ZIP files',
    [7, 'days'],
    'after the export is ready',
    'file removed from storage; the export is listed as expired',
  ),
  rule(
    'webhook-deliveries',
    'Webhook events and delivery attempts',
    [30, 'days'],
    'after the event',
    'deleted',
  ),
  rule(
    'mail-bodies',
    'Bodies of e-mails we sent',
    [30, 'days'],
    'after sending',
    'body blanked; recipient, subject, kind and dates kept for the notification history',
  ),
  rule(
    'health-checks',
    'Instance health checks',
    [90, 'days'],
    'after the check',
    'deleted; daily uptime figures kept',
  ),
  rule(
    'idempotency-keys',
    'Idempotency keys and their stored responses',
    [24, 'hours'],
    'after the request',
    'deleted',
  ),
  rule(
    'deleted-accounts',
    'Deleted accounts',
    [30, 'days'],
    'after deletion (restorable until then)',
    'purged: personal data removed, kept records show "Deleted user"',
  ),
  rule(
    'closed-organizations',
    'Closed organizations',
    [60, 'days'],
    'after closure (the export window; restorable until then)',
    'purged: the organization’s rows and files deleted, invoices kept',
  ),
  rule('invoices', 'Invoices and their lines', [7, 'years'], 'after the invoice date', 'deleted'),
  rule(
    'activity-log',
    'Activity log (security events, IP address, browser)',
    [2, 'years'],
    'after the event',
    'deleted',
    'ACTIVITY_LOG_RETENTION_DAYS (at least 1 year)',
  ),
];

/** "30 days", "24 hours", "7 years". */
export function retentionPeriodLabel(period: RetentionPeriod): string {
  const unit = period.amount === 1 ? period.unit.slice(0, -1) : period.unit;
  return `${period.amount} ${unit}`;
}

/** "30 days of inactivity, or at the absolute limit": the kept-for column of the tables. */
export function retentionKeptFor(rule: RetentionRule): string {
  return `${retentionPeriodLabel(rule.period)} ${rule.from}`;
}

/** The rules as a Markdown table (docs/privacy.md holds exactly this; a test compares). */
export function retentionMarkdownTable(): string {
  const rows = RETENTION_RULES.map(
    (r) =>
      `| ${r.what} | ${retentionKeptFor(r)} | ${r.then} | ${r.setting ? `\`${r.setting.replace(/ .*/, '')}\`` : '—'} |`,
  );
  return ['| what | kept for | then | setting |', '|---|---|---|---|', ...rows].join('\n');
}

export const RETENTION_RUN_STATUSES = ['running', 'ok', 'failed'] as const;
export type RetentionRunStatus = (typeof RETENTION_RUN_STATUSES)[number];
/** One rule's outcome in a run. */
export const RETENTION_RULE_OUTCOMES = ['ok', 'failed'] as const;
export type RetentionRuleOutcome = (typeof RETENTION_RULE_OUTCOMES)[number];

export const RETENTION_TEXTS = {
  failedSubject: 'SCMP retention run failed',
  interrupted: 'Interrupted: the process stopped before the run finished; the job was retried.',
};
