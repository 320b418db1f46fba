import path from 'node:path';
import type { AppConfig } from '@scmp/api';
import { envSchema } from './config/env-schema';
import { localAppKey } from './config/local-app-key';
import { generalProblems, productionProblems } from './config/problems';

/** The one place that reads process.env for the server. Every variable is in .env.example. */

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
    activityLogRetentionDays: e.ACTIVITY_LOG_RETENTION_DAYS,
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
