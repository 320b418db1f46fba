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
