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

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    id: 'sessions',
    what: 'Sign-in sessions (device, browser, IP address)',
    period: { amount: 30, unit: 'days' },
    from: 'of inactivity, or at the absolute limit',
    then: 'deleted; the device is signed out',
    setting: 'SESSION_IDLE_DAYS',
  },
  {
    id: 'data-exports',
    what: 'Data export ZIP files',
    period: { amount: 7, unit: 'days' },
    from: 'after the export is ready',
    then: 'file removed from storage; the export is listed as expired',
  },
  {
    id: 'webhook-deliveries',
    what: 'Webhook events and delivery attempts',
    period: { amount: 30, unit: 'days' },
    from: 'after the event',
    then: 'deleted',
  },
  {
    id: 'mail-bodies',
    what: 'Bodies of e-mails we sent',
    period: { amount: 30, unit: 'days' },
    from: 'after sending',
    then: 'body blanked; recipient, subject, kind and dates kept for the notification history',
  },
  {
    id: 'health-checks',
    what: 'Instance health checks',
    period: { amount: 90, unit: 'days' },
    from: 'after the check',
    then: 'deleted; daily uptime figures kept',
  },
  {
    id: 'idempotency-keys',
    what: 'Idempotency keys and their stored responses',
    period: { amount: 24, unit: 'hours' },
    from: 'after the request',
    then: 'deleted',
  },
  {
    id: 'deleted-accounts',
    what: 'Deleted accounts',
    period: { amount: 30, unit: 'days' },
    from: 'after deletion (restorable until then)',
    then: 'purged: personal data removed, kept records show "Deleted user"',
  },
  {
    id: 'closed-organizations',
    what: 'Closed organizations',
    period: { amount: 60, unit: 'days' },
    from: 'after closure (the export window; restorable until then)',
    then: 'purged: the organization’s rows and files deleted, invoices kept',
  },
  {
    id: 'invoices',
    what: 'Invoices and their lines',
    period: { amount: 7, unit: 'years' },
    from: 'after the invoice date',
    then: 'deleted',
  },
  {
    id: 'activity-log',
    what: 'Activity log (security events, IP address, browser)',
    period: { amount: 2, unit: 'years' },
    from: 'after the event',
    then: 'deleted',
    setting: 'ACTIVITY_LOG_RETENTION_DAYS (at least 1 year)',
  },
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
