import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { freePort } from '../../src/testing/free-port';
import { call, startServer, type ServerProcess } from '../scale-out/processes';
import {
  addTestCard,
  bannerOf,
  registerOwner,
  tempDir,
  useProductionBundle,
} from './production-fixtures';

/**
 * The production mode as an operator meets it: the real server bundle started with
 * APP_ENV=production. A start with a missing or unsafe setting exits non-zero naming it; a complete
 * configuration (Stripe at the test stub, SMTP at a loopback sink) starts healthy with no demo
 * account, no test payment route and no mail viewer. (The demo-data guard and the CLI:
 * production-cli.test.ts.)
 */
const production = useProductionBundle('start');

describe('a production start with a missing or unsafe setting', () => {
  const cases: { name: string; change: (env: Record<string, string>) => void; says: RegExp }[] = [
    { name: 'APP_KEY missing', change: (e) => delete e.APP_KEY, says: /APP_KEY: required/ },
    {
      name: 'APP_KEY shorter than 32 bytes',
      change: (e) => (e.APP_KEY = 'short-key'),
      says: /APP_KEY: expected at least 32 bytes/,
    },
    { name: 'APP_URL missing', change: (e) => delete e.APP_URL, says: /APP_URL: required/ },
    {
      name: 'APP_URL not https',
      change: (e) => (e.APP_URL = 'http://scmp.example.test'),
      says: /APP_URL: must start with https:\/\//,
    },
    { name: 'SMTP_URL missing', change: (e) => delete e.SMTP_URL, says: /SMTP_URL: required/ },
    {
      name: 'STRIPE_SECRET_KEY missing',
      change: (e) => delete e.STRIPE_SECRET_KEY,
      says: /STRIPE_SECRET_KEY: required/,
    },
    {
      name: 'STRIPE_PUBLISHABLE_KEY missing',
      change: (e) => delete e.STRIPE_PUBLISHABLE_KEY,
      says: /STRIPE_PUBLISHABLE_KEY: required/,
    },
    {
      name: 'STRIPE_WEBHOOK_SECRET missing',
      change: (e) => delete e.STRIPE_WEBHOOK_SECRET,
      says: /STRIPE_WEBHOOK_SECRET: required/,
    },
    {
      name: 'S3_* half set',
      change: (e) => (e.S3_BUCKET = 'uploads'),
      says: /S3_ENDPOINT, S3_BUCKET.*missing: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    },
  ];

  for (const { name, change, says } of cases) {
    it(`exits non-zero naming the variable: ${name}`, async () => {
      const env = production.env(await freePort(), tempDir('missing'));
      change(env);
      const { code, output } = await production.runServer(env);
      expect(code).not.toBe(0);
      expect(output).toMatch(/Refusing to start in production/);
      expect(output).toMatch(says);
    });
  }

  it('lists every problem at once, and never the secrets it was given', async () => {
    const env: Record<string, string> = {
      APP_ENV: 'production',
      APP_URL: 'http://scmp.example.test',
      APP_KEY: 'tiny-secret',
      PORT: String(await freePort()),
      DATA_DIR: tempDir('all'),
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    };
    const { code, output } = await production.runServer(env);
    expect(code).not.toBe(0);
    for (const name of [
      'APP_URL',
      'APP_KEY',
      'SMTP_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'S3_ENDPOINT',
    ]) {
      expect(output).toContain(`${name}`);
    }
    expect(output).not.toContain('tiny-secret');
    expect(output).not.toContain('AKIAEXAMPLE');
    expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });
});

describe('a complete production configuration', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    const port = await freePort();
    server = await startServer(
      'production',
      production.bundle,
      production.env(port, tempDir('ok')),
    );
  }, 60_000);
  afterAll(() => server?.stop());

  it('starts healthy and prints what it uses without a secret', async () => {
    const output = await bannerOf(server);
    expect(output).toContain('production mode');
    expect(output).toMatch(/Database:\s+embedded PGlite/);
    expect(output).toMatch(/Mail:\s+SMTP smtp:\/\/127\.0\.0\.1/);
    expect(output).toMatch(/Payments:\s+Stripe \(test keys\)/);
    expect(output).toMatch(/Uploads:\s+local folder/);
    expect(output).not.toContain('Demo data was created');
    expect(output).not.toContain('DemoPass!2026');
    for (const secret of ['sk_test_stub', 'whsec_stub', 'production-test-key']) {
      expect(output).not.toContain(secret);
    }
  });

  it('has no demo account, no test payment route, no mail viewer, and Stripe payments', async () => {
    for (const email of ['demo@scmp.test', 'staff@scmp.test', 'unverified@scmp.test']) {
      const login = await call(server, 'POST', '/api/v1/auth/login', {
        body: { email, password: 'DemoPass!2026' },
      });
      expect(login.status, email).toBe(401);
    }
    const register = await registerOwner(server, 'Prod Owner', 'owner@prod.example.test');
    expect(register.status, JSON.stringify(register.body)).toBe(201);
    const token = register.body.data.token as string;
    const testCard = await addTestCard(server, token);
    expect(testCard.status).toBe(404);
    for (const viewer of ['/dev/mail', '/dev/mail.json']) {
      const res = await fetch(`${server.url}${viewer}`);
      expect(res.status, viewer).toBe(404);
    }
    const config = await call(server, 'GET', '/api/v1/subscription/config', { token });
    expect(config.status).toBe(200);
    expect(config.body.data).toMatchObject({ provider: 'stripe', test_mode: false });
    const page = await (await fetch(`${server.url}/`)).text();
    expect(page).not.toContain('Test mode — no real charges');
  });
});

describe('ALLOW_TEST_PAYMENTS on a staging deployment', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    const env = production.env(await freePort(), tempDir('staging'));
    delete env.STRIPE_SECRET_KEY;
    delete env.STRIPE_PUBLISHABLE_KEY;
    delete env.STRIPE_WEBHOOK_SECRET;
    server = await startServer('staging', production.bundle, {
      ...env,
      ALLOW_TEST_PAYMENTS: 'true',
    });
  }, 60_000);
  afterAll(() => server?.stop());

  it('runs the test provider and says so on every page', async () => {
    expect(await bannerOf(server)).toMatch(/Payments:\s+built-in test mode: no real charges/);
    for (const page of ['/', '/pricing', '/dashboard/subscription']) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      expect(html, page).toContain('Test mode — no real charges');
    }
    const register = await registerOwner(server, 'Staging Owner', 'owner@staging.example.test');
    const token = register.body.data.token as string;
    const config = await call(server, 'GET', '/api/v1/subscription/config', { token });
    expect(config.body.data).toMatchObject({ provider: 'test', test_mode: true });
    const testCard = await addTestCard(server, token);
    expect(testCard.status).toBe(201);
  });
});
