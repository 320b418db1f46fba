import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('server configuration', () => {
  it('names the variable and what it expects when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: '/tmp/scmp-config-test' })).toThrow(
      /PORT: expected a whole number/,
    );
    expect(() => loadConfig({ APP_ENV: 'staging', DATA_DIR: '/tmp/scmp-config-test' })).toThrow(
      /APP_ENV/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: '/tmp/scmp-config-test' }),
    ).toThrow(/DATABASE_URL: expected a postgres/);
  });

  it('requires APP_KEY in production and generates one locally', () => {
    expect(() => loadConfig({ APP_ENV: 'production', DATA_DIR: '/tmp/scmp-config-test' })).toThrow(
      /APP_KEY: required/,
    );
    const local = loadConfig({ DATA_DIR: '/tmp/scmp-config-test' });
    expect(local.appKey.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: '/tmp/scmp-config-test' }).appKey).toBe(local.appKey);
  });

  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/scmp-config-test' });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.tenantDomain).toBe('localhost');
    expect(config.instanceDomain).toBe('instances.localhost');
  });

  it('needs all four S3 settings or none', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/scmp-config-test', S3_BUCKET: 'uploads' })).toThrow(
      /S3_ENDPOINT, S3_BUCKET/,
    );
    const s3 = loadConfig({
      DATA_DIR: '/tmp/scmp-config-test',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(s3.s3).toMatchObject({ bucket: 'uploads', forcePathStyle: true, region: 'eu-west-2' });
    expect(loadConfig({ DATA_DIR: '/tmp/scmp-config-test' }).s3).toBeUndefined();
  });

  it('reads the custom-domain and TLS settings, and names bad addresses', () => {
    const dir = { DATA_DIR: '/tmp/scmp-config-test' };
    const defaults = loadConfig(dir);
    expect(defaults.domains).toEqual({ dnsServers: [], publicIps: [], dnsTimeoutMs: 3000 });
    expect(defaults.tls).toEqual({
      publicHttps: false,
      askAllow: ['127.0.0.1', '::1'],
      caFile: undefined,
      checkPort: 443,
    });
    const set = loadConfig({
      ...dir,
      DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1',
      PUBLIC_IPS: '203.0.113.10,2001:db8::10',
      PUBLIC_HTTPS: 'true',
      TLS_ASK_ALLOW: '10.0.0.0/8, 127.0.0.1',
    });
    expect(set.domains.dnsServers).toEqual(['127.0.0.1:5353', '1.1.1.1']);
    expect(set.domains.publicIps).toEqual(['203.0.113.10', '2001:db8::10']);
    expect(set.tls).toMatchObject({ publicHttps: true, askAllow: ['10.0.0.0/8', '127.0.0.1'] });
    expect(() => loadConfig({ ...dir, DNS_SERVERS: 'dns.example.com' })).toThrow(
      /DNS_SERVERS: expected IP/,
    );
    expect(() => loadConfig({ ...dir, PUBLIC_IPS: '203.0.113.300' })).toThrow(/PUBLIC_IPS/);
    expect(() => loadConfig({ ...dir, TLS_ASK_ALLOW: '10.0.0.0/33' })).toThrow(/TLS_ASK_ALLOW/);
    expect(() => loadConfig({ ...dir, TLS_CA_FILE: '/nonexistent/ca.pem' })).toThrow(
      /TLS_CA_FILE: no such file/,
    );
  });

  it('keeps the activity log 2 years by default and refuses ACTIVITY_LOG_RETENTION_DAYS below 1 year', () => {
    const dir = { DATA_DIR: '/tmp/scmp-config-test' };
    expect(loadConfig(dir).activityLogRetentionDays).toBe(730);
    expect(
      loadConfig({ ...dir, ACTIVITY_LOG_RETENTION_DAYS: '365' }).activityLogRetentionDays,
    ).toBe(365);
    expect(() => loadConfig({ ...dir, ACTIVITY_LOG_RETENTION_DAYS: '364' })).toThrow(
      /ACTIVITY_LOG_RETENTION_DAYS: expected a whole number from 365/,
    );
    expect(() => loadConfig({ ...dir, ACTIVITY_LOG_RETENTION_DAYS: '30' })).toThrow(
      /ACTIVITY_LOG_RETENTION_DAYS/,
    );
  });

  it('production: ALLOW_TEST_PAYMENTS replaces the Stripe keys, and demo data is never seeded', () => {
    const production = {
      APP_ENV: 'production',
      APP_URL: 'https://scmp.example.com',
      APP_KEY: 'k'.repeat(32),
      SMTP_URL: 'smtp://mail.example.com:587',
      DATA_DIR: '/tmp/scmp-config-test',
      SEED_DEMO_DATA: 'true',
    };
    expect(() => loadConfig(production)).toThrow(/STRIPE_SECRET_KEY: required/);
    const staging = loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'true' });
    expect(staging.allowTestPayments).toBe(true);
    expect(staging.seedDemoData).toBe(false);
    const local = loadConfig({ DATA_DIR: '/tmp/scmp-config-test', ALLOW_TEST_PAYMENTS: 'true' });
    expect(local.allowTestPayments).toBe(false);
    expect(local.seedDemoData).toBe(true);
  });

  it('reads the nightly backup settings', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/scmp-config-test',
      BACKUP_DIR: '/tmp/b',
      BACKUP_KEEP: '7',
    });
    expect(config.backup).toEqual({ dir: '/tmp/b', keepDays: 7 });
    expect(loadConfig({ DATA_DIR: '/tmp/scmp-config-test' }).backup).toEqual({
      dir: undefined,
      keepDays: 14,
    });
  });
});
