import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { AppConfig } from '@scmp/api';

/** The one place that reads process.env for the server. Every variable is in .env.example. */
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `expected a whole number from ${min} to ${max}, got "${v}"`,
        });
        return z.NEVER;
      }
      return n;
    });

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A comma-separated list (spaces allowed); empty = []. */
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const domain = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v.toLowerCase()))
    .pipe(z.string().regex(/^[a-z0-9.-]+$/, 'expected a host name such as example.com'));

const envSchema = z.object({
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

export type ServerConfig = AppConfig & {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Write one access line per request (LOG_REQUESTS); needs LOG_LEVEL info or lower. */
  logRequests: boolean;
  trustProxy: boolean;
  webDistDir: string;
  workerEnabled: boolean;
  workerIntervalMs: number;
  /** Without a request for this long, memory grown under load is given back (0: never). */
  memoryReleaseQuietMs: number;
  requestTimeoutMs: number;
  dbPoolSize: number;
  /** SELECTs as named prepared statements on PostgreSQL. */
  dbPreparedStatements: boolean;
  seedDemoData: boolean;
  /** APP_ENV=production with ALLOW_TEST_PAYMENTS=true: the test provider, said on every page. */
  allowTestPayments: boolean;
  backup: { dir: string | undefined; keepDays: number };
  /** Where the key was read from when APP_KEY is not set (local mode): backups carry it. */
  appKeyFile?: string;
};

export class ConfigError extends Error {}

/**
 * What a production start requires, checked all at once so the operator sees every problem in
 * one message (variable name: what is expected). Local mode keeps its laptop defaults.
 */
function productionProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.APP_KEY) {
    problems.push(
      'APP_KEY: required (32+ random bytes, e.g. `openssl rand -base64 32`); signs links and encrypts secrets',
    );
  }
  if (!e.APP_URL) {
    problems.push('APP_URL: required, the public https:// address (e.g. https://scmp.example.com)');
  } else if (!e.APP_URL.startsWith('https://')) {
    problems.push(`APP_URL: must start with https:// in production, got "${e.APP_URL}"`);
  }
  if (!e.SMTP_URL) {
    problems.push(
      'SMTP_URL: required (smtp:// or smtps://); without it no customer can verify an e-mail or reset a password',
    );
  }
  if (!e.ALLOW_TEST_PAYMENTS) {
    const stripe = {
      STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: e.STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
    };
    for (const [name, value] of Object.entries(stripe)) {
      if (!value) {
        problems.push(
          `${name}: required for real payments (or ALLOW_TEST_PAYMENTS=true on a staging deployment)`,
        );
      }
    }
  }
  return problems;
}

/** DNS_SERVERS (ip or ip:port), PUBLIC_IPS (ip), TLS_ASK_ALLOW (ip or CIDR), TLS_CA_FILE (exists). */
function addressListProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const dnsServer = (v: string) =>
    isIP(v) > 0 || /^\[[0-9a-f:]+\]:\d+$/i.test(v) || /^[0-9.]+:\d+$/.test(v);
  const cidr = (v: string) => {
    const [address = '', bits, extra] = v.split('/');
    if (extra !== undefined || isIP(address) === 0) return false;
    if (bits === undefined) return true;
    const n = Number(bits);
    return Number.isInteger(n) && n >= 0 && n <= (isIP(address) === 4 ? 32 : 128);
  };
  const bad = (name: string, values: string[], ok: (v: string) => boolean, hint: string) => {
    const wrong = values.filter((v) => !ok(v));
    if (wrong.length > 0) problems.push(`${name}: ${hint}, got "${wrong.join(', ')}"`);
  };
  bad('DNS_SERVERS', e.DNS_SERVERS, dnsServer, 'expected IP addresses, optionally with :port');
  bad('PUBLIC_IPS', e.PUBLIC_IPS, (v) => isIP(v) > 0, 'expected IP addresses');
  bad('TLS_ASK_ALLOW', e.TLS_ASK_ALLOW, cidr, 'expected IP addresses or CIDR ranges');
  if (e.TLS_CA_FILE && !existsSync(e.TLS_CA_FILE))
    problems.push(`TLS_CA_FILE: no such file "${e.TLS_CA_FILE}"`);
  return problems;
}

/** Checks that hold in every mode: a half-configured feature is a mistake wherever it runs. */
function generalProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  problems.push(...addressListProblems(e));
  if (e.APP_KEY && Buffer.byteLength(e.APP_KEY) < 32) {
    problems.push('APP_KEY: expected at least 32 bytes of random data');
  }
  const s3Fields = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Fields.some(Boolean) && !s3Fields.every(Boolean)) {
    const missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
      (_, i) => !s3Fields[i],
    );
    problems.push(
      `S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set all four to store uploads in a bucket, or none for the local folder (missing: ${missing.join(', ')})`,
    );
  }
  return problems;
}

/** Local mode keeps a generated key under DATA_DIR so links and encrypted secrets survive restarts. */
function localAppKey(dataDir: string): string {
  const file = path.join(dataDir, 'app-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaultWebDist?: string,
): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.APP_ENV === 'production';
  const problems = [...(production ? productionProblems(e) : []), ...generalProblems(e)];
  if (problems.length > 0) {
    const heading = production
      ? 'Refusing to start in production (APP_ENV=production); fix these settings:'
      : 'Invalid configuration:';
    throw new ConfigError(`${heading}\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const appUrl = (e.APP_URL || `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    appEnv: e.APP_ENV,
    appUrl,
    appKey: e.APP_KEY ?? localAppKey(e.DATA_DIR),
    ...(e.APP_KEY ? {} : { appKeyFile: path.join(e.DATA_DIR, 'app-key') }),
    productName: 'School & Camp Management Platform',
    productShortName: 'SCMP',
    tenantDomain: e.TENANT_DOMAIN,
    instanceDomain: e.INSTANCE_DOMAIN,
    dataDir: e.DATA_DIR,
    uploadsDir: e.UPLOADS_DIR ? path.resolve(e.UPLOADS_DIR) : path.join(e.DATA_DIR, 'uploads'),
    sessionIdleDays: e.SESSION_IDLE_DAYS,
    sessionAbsoluteDays: e.SESSION_ABSOLUTE_DAYS,
    requireVerifiedLogin: e.AUTH_REQUIRE_VERIFIED_LOGIN,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      supportEmail: e.SUPPORT_EMAIL,
      salesEmail: e.SALES_EMAIL,
      generalEmail: e.GENERAL_EMAIL,
    },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    billing: { gracePeriodDays: e.BILLING_GRACE_DAYS },
    ...(e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          s3: {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          },
        }
      : {}),
    instances: { healthCheckIntervalSeconds: e.INSTANCE_HEALTH_INTERVAL_SECONDS },
    domains: {
      dnsServers: e.DNS_SERVERS,
      publicIps: e.PUBLIC_IPS,
      dnsTimeoutMs: e.DNS_TIMEOUT_MS,
    },
    tls: {
      publicHttps: e.PUBLIC_HTTPS,
      askAllow: e.TLS_ASK_ALLOW.length > 0 ? e.TLS_ASK_ALLOW : ['127.0.0.1', '::1'],
      caFile: e.TLS_CA_FILE ? path.resolve(e.TLS_CA_FILE) : undefined,
      checkPort: e.TLS_CHECK_PORT,
    },
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(e.WEB_DIST_DIR)
      : (defaultWebDist ?? path.resolve('apps/web/dist')),
    workerEnabled: e.WORKER_ENABLED,
    workerIntervalMs: e.WORKER_INTERVAL_MS,
    memoryReleaseQuietMs: e.MEMORY_RELEASE_QUIET_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    dbPoolSize: e.DB_POOL_SIZE,
    dbPreparedStatements: e.DB_PREPARED_STATEMENTS,
    // Demo data only ever in local mode (and tests, which build their own config).
    seedDemoData: e.SEED_DEMO_DATA && !production,
    allowTestPayments: production && e.ALLOW_TEST_PAYMENTS,
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
      keepDays: e.BACKUP_KEEP,
    },
  };
}
