import path from 'node:path';
import { z } from 'zod';
import { bool, domain, int, list, optionalString } from './env-fields';

export const envSchema = z.object({
  PORT: int(3000, 0, 65535),
  HOST: z
    .string()
    .optional()
    .transform((v) => v || '127.0.0.1'),
  APP_URL: z
    .string()
    .optional()
    .pipe(
      z.union([
        z.literal(''),
        z.undefined(),
        z.url({ message: 'expected an absolute URL such as https://scmp.example.com' }),
      ]),
    ),
  APP_ENV: z
    .enum(['local', 'production', 'test'], { message: 'expected "local" or "production"' })
    .default('local'),
  APP_KEY: optionalString,
  DATABASE_URL: optionalString.pipe(
    z.union([z.undefined(), z.string().regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL')]),
  ),
  DATA_DIR: z
    .string()
    .optional()
    .transform((v) => path.resolve(v || '.data')),
  /** Uploaded files (default DATA_DIR/uploads); several processes share one folder, or use S3_*. */
  UPLOADS_DIR: optionalString,
  TENANT_DOMAIN: domain('localhost'),
  INSTANCE_DOMAIN: domain('instances.localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One access line per request (at info); false leaves only warnings, errors and events. */
  LOG_REQUESTS: bool(true),
  TRUST_PROXY: bool(false),
  WEB_DIST_DIR: optionalString,
  SESSION_IDLE_DAYS: int(30, 1, 365),
  SESSION_ABSOLUTE_DAYS: int(90, 1, 3650),
  /** Days the activity log is kept (retention, issue 38): default 2 years, never below 1 year. */
  ACTIVITY_LOG_RETENTION_DAYS: int(730, 365, 36_500),
  AUTH_REQUIRE_VERIFIED_LOGIN: bool(false),
  SMTP_URL: optionalString.pipe(
    z.union([z.undefined(), z.string().regex(/^smtps?:\/\//, 'expected smtp:// or smtps://')]),
  ),
  MAIL_FROM: z
    .string()
    .optional()
    .transform((v) => v || 'SCMP <no-reply@scmp.co.uk>'),
  SUPPORT_EMAIL: z.email({ message: 'expected an e-mail address' }).default('support@scmp.co.uk'),
  SALES_EMAIL: z.email({ message: 'expected an e-mail address' }).default('sales@scmp.co.uk'),
  GENERAL_EMAIL: z.email({ message: 'expected an e-mail address' }).default('hello@scmp.co.uk'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString,
  BILLING_GRACE_DAYS: int(7, 0, 90),
  INSTANCE_HEALTH_INTERVAL_SECONDS: int(300, 1, 86_400),
  DNS_SERVERS: list,
  PUBLIC_IPS: list,
  DNS_TIMEOUT_MS: int(3000, 100, 60_000),
  PUBLIC_HTTPS: bool(false),
  TLS_ASK_ALLOW: list,
  TLS_CA_FILE: optionalString,
  TLS_CHECK_PORT: int(443, 1, 65535),
  WORKER_ENABLED: bool(true),
  WORKER_INTERVAL_MS: int(1000, 50, 60_000),
  MEMORY_RELEASE_QUIET_MS: int(5000, 0, 3_600_000),
  REQUEST_TIMEOUT_MS: int(30_000, 1000, 600_000),
  DB_POOL_SIZE: int(10, 1, 200),
  DB_PREPARED_STATEMENTS: bool(true),
  SEED_DEMO_DATA: bool(true),
  S3_ENDPOINT: optionalString.pipe(
    z.union([
      z.undefined(),
      z.url({ message: 'expected a URL such as https://s3.eu-west-2.amazonaws.com' }),
    ]),
  ),
  S3_REGION: z
    .string()
    .optional()
    .transform((v) => v || 'eu-west-2'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool(false),
  /** Staging only: let APP_ENV=production run the built-in test payment provider (no real charges). */
  ALLOW_TEST_PAYMENTS: bool(false),
  /** Nightly backups by the server itself into this folder (empty: none). */
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: int(14, 1, 3650),
});
