import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../config';

/** A complete configuration for tests: temp folders, fixed key, no worker, no SMTP, no Stripe. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scmp-test-'));
  return {
    // TEST_APP_ENV=production runs a suite in production mode (npm run test:unit does so for the
    // security suites): no mail viewer, the production code paths.
    appEnv: process.env.TEST_APP_ENV === 'production' ? 'production' : 'test',
    appUrl: 'http://localhost:3000',
    appKey: 'test-app-key-0123456789abcdefghijklmnopqrstuvwxyz',
    productName: 'School & Camp Management Platform',
    productShortName: 'SCMP',
    tenantDomain: 'localhost',
    instanceDomain: 'instances.localhost',
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    sessionIdleDays: 30,
    sessionAbsoluteDays: 90,
    activityLogRetentionDays: 730,
    requireVerifiedLogin: false,
    mail: {
      smtpUrl: undefined,
      from: 'SCMP <no-reply@scmp.co.uk>',
      supportEmail: 'support@scmp.co.uk',
      salesEmail: 'sales@scmp.co.uk',
      generalEmail: 'hello@scmp.co.uk',
    },
    stripe: {
      secretKey: undefined,
      publishableKey: undefined,
      webhookSecret: undefined,
      apiBase: undefined,
    },
    billing: { gracePeriodDays: 7 },
    instances: { healthCheckIntervalSeconds: 300 },
    domains: { dnsServers: [], publicIps: [], dnsTimeoutMs: 1000 },
    tls: { publicHttps: false, askAllow: ['127.0.0.1', '::1'], caFile: undefined, checkPort: 443 },
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    logLevel: 'silent',
    logRequests: true,
    trustProxy: false,
    webDistDir: path.join(dataDir, 'no-web-build'),
    workerEnabled: false,
    workerIntervalMs: 1000,
    memoryReleaseQuietMs: 0,
    requestTimeoutMs: 30_000,
    dbPoolSize: 5,
    dbPreparedStatements: true,
    seedDemoData: false,
    allowTestPayments: false,
    backup: { dir: undefined, keepDays: 14 },
    ...overrides,
  };
}
