import path from 'node:path';
import type { ServerConfig } from './config';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-users';

/** A URL's scheme, host, port and path without its user name or password. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(unparseable URL)';
  }
}

/** Stripe's key prefix says live or test mode; the key itself is never printed. */
function stripeMode(secretKey: string | undefined): string {
  if (secretKey?.startsWith('sk_live_') || secretKey?.startsWith('rk_live_')) return 'live keys';
  if (secretKey?.startsWith('sk_test_') || secretKey?.startsWith('rk_test_')) return 'test keys';
  return 'keys set';
}

/**
 * What the server prints when it is ready: where it runs, and what it uses (database, mail,
 * payments, uploads) so an operator can check a production start at a glance. No secret is printed:
 * URLs lose their credentials, keys are named, never shown.
 */
export function startupBanner(
  config: ServerConfig,
  state: {
    database: 'pglite' | 'postgres';
    readyMs: number;
    seeded: boolean;
    paymentsProvider: 'stripe' | 'test';
  },
): string[] {
  const database =
    state.database === 'pglite'
      ? `embedded PGlite in ${path.join(config.dataDir, 'db')}`
      : `PostgreSQL ${config.databaseUrl ? withoutCredentials(config.databaseUrl) : ''}`.trim();
  const mail = config.mail.smtpUrl
    ? `SMTP ${withoutCredentials(config.mail.smtpUrl)}`
    : `local outbox (read it at ${config.appUrl}/dev/mail)`;
  const payments =
    state.paymentsProvider === 'stripe'
      ? `Stripe (${stripeMode(config.stripe.secretKey)})`
      : 'built-in test mode: no real charges';
  const uploads = config.s3
    ? `S3 bucket "${config.s3.bucket}" at ${withoutCredentials(config.s3.endpoint)}`
    : `local folder ${config.uploadsDir}`;
  const showDemo = config.seedDemoData && config.appEnv !== 'production';
  return [
    '',
    `  SCMP is running at ${config.appUrl}  (ready in ${state.readyMs} ms, ${config.appEnv} mode)`,
    `  API docs:  ${config.appUrl}/api/docs`,
    `  Database:  ${database}`,
    `  Mail:      ${mail}`,
    `  Payments:  ${payments}`,
    `  Uploads:   ${uploads}`,
    ...(config.backup.dir
      ? [`  Backups:   nightly into ${config.backup.dir}, kept ${config.backup.keepDays} days`]
      : []),
    ...(state.seeded ? ['  Demo data was created.'] : []),
    ...(showDemo
      ? [
          '  Demo sign-ins (password ' + DEMO_PASSWORD + '):',
          ...DEMO_USERS.map((u) => `    ${u.email.padEnd(24)} ${u.note}`),
        ]
      : []),
    '',
  ];
}
