import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStub, type StripeStub } from '../../src/testing/stripe-stub';
import { freePort } from '../../src/testing/free-port';
import { startSmtpRecorder, type SmtpRecorder } from '../../src/testing/smtp-recorder';
import { buildServerBundle, call, startServer, type ServerProcess } from '../scale-out/processes';

/**
 * The production mode as an operator meets it: the real server bundle started with
 * APP_ENV=production. A start with a missing or unsafe setting exits non-zero naming it; a database
 * holding the demo accounts is refused until `db:remove-demo` has run; a complete configuration
 * (Stripe at the test stub, SMTP at a loopback sink) starts healthy with no demo account, no test
 * payment route and no mail viewer.
 */
const outDir = 'dist-test-production';
const serverDir = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
let bundle: string;
let cli: string;
let stripe: StripeStub;
let sink: SmtpRecorder;
let webDist: string;

const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `scmp-prod-${label}-`));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  bundle = buildServerBundle(outDir);
  cli = path.join(path.dirname(bundle), 'cli.js');
  stripe = await startStripeStub();
  sink = await startSmtpRecorder();
  webDist = tempDir('web');
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>SCMP</title></head><body><div id="root"></div></body></html>',
  );
}, 120_000);

afterAll(async () => {
  await stripe?.close();
  await sink?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  rmSync(path.join(serverDir, outDir), { recursive: true, force: true });
});

/** Every setting a production start needs, Stripe at the stub and SMTP at the sink. */
function productionEnv(port: number, dataDir: string): Record<string, string> {
  return {
    APP_ENV: 'production',
    APP_URL: 'https://scmp.example.test',
    APP_KEY: 'production-test-key-0123456789abcdefghijklmnop',
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    STRIPE_SECRET_KEY: 'sk_test_stub',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_stub',
    STRIPE_WEBHOOK_SECRET: 'whsec_stub',
    STRIPE_API_BASE: stripe.url,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'warn',
    WORKER_ENABLED: 'false',
  };
}

/** The start-up banner is printed just after the server listens: wait for it. */
async function bannerOf(server: ServerProcess): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (!server.output().includes('SCMP is running') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server.output();
}

/** Runs the bundle (or the CLI) to its end: exit code and everything it printed. */
function runToExit(
  entry: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

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
      const env = productionEnv(await freePort(), tempDir('missing'));
      change(env);
      const { code, output } = await runToExit(bundle, env);
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
    const { code, output } = await runToExit(bundle, env);
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
    server = await startServer('production', bundle, productionEnv(port, tempDir('ok')));
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
    const register = await call(server, 'POST', '/api/v1/auth/register', {
      body: {
        name: 'Prod Owner',
        email: 'owner@prod.example.test',
        password: 'Correct-Horse-2026!',
        password_confirmation: 'Correct-Horse-2026!',
      },
    });
    expect(register.status, JSON.stringify(register.body)).toBe(201);
    const token = register.body.data.token as string;
    const testCard = await call(server, 'POST', '/api/v1/payments/test/payment-methods', {
      token,
      body: { type: 'card', number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
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
    const env = productionEnv(await freePort(), tempDir('staging'));
    delete env.STRIPE_SECRET_KEY;
    delete env.STRIPE_PUBLISHABLE_KEY;
    delete env.STRIPE_WEBHOOK_SECRET;
    server = await startServer('staging', bundle, { ...env, ALLOW_TEST_PAYMENTS: 'true' });
  }, 60_000);
  afterAll(() => server?.stop());

  it('runs the test provider and says so on every page', async () => {
    expect(await bannerOf(server)).toMatch(/Payments:\s+built-in test mode: no real charges/);
    for (const page of ['/', '/pricing', '/dashboard/subscription']) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      expect(html, page).toContain('Test mode — no real charges');
    }
    const register = await call(server, 'POST', '/api/v1/auth/register', {
      body: {
        name: 'Staging Owner',
        email: 'owner@staging.example.test',
        password: 'Correct-Horse-2026!',
        password_confirmation: 'Correct-Horse-2026!',
      },
    });
    const token = register.body.data.token as string;
    const config = await call(server, 'GET', '/api/v1/subscription/config', { token });
    expect(config.body.data).toMatchObject({ provider: 'test', test_mode: true });
    const testCard = await call(server, 'POST', '/api/v1/payments/test/payment-methods', {
      token,
      body: { type: 'card', number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(testCard.status).toBe(201);
  });
});

describe('the demo-data guard', () => {
  it('refuses a database that holds the demo accounts until db:remove-demo has run', async () => {
    const dataDir = tempDir('demo');
    // First started in local mode: the demo data is created.
    const local = await startServer('local', bundle, {
      APP_ENV: 'local',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      WORKER_ENABLED: 'false',
    });
    expect(await bannerOf(local)).toContain('Demo data was created');
    await local.stop();

    const env = productionEnv(await freePort(), dataDir);
    const refused = await runToExit(bundle, env);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('the database holds the demo accounts');
    expect(refused.output).toContain('demo@scmp.test');
    expect(refused.output).toContain('npm run db:remove-demo');

    const seed = await runToExit(cli, env, ['seed']);
    expect(seed.code).not.toBe(0);
    expect(seed.output).toContain('Refusing to seed demo data in production');

    const removal = await runToExit(cli, env, ['remove-demo']);
    expect(removal.code, removal.output).toBe(0);
    expect(removal.output).toContain('Removed the demo accounts');
    expect(removal.output).toMatch(/demo@scmp\.test.*staff@scmp\.test/s);
    expect(removal.output).toMatch(/[1-9]\d* organizations/);

    const again = await runToExit(cli, env, ['remove-demo']);
    expect(again.output).toContain('No demo accounts found');

    const production = await startServer('production-after-removal', bundle, env);
    try {
      const login = await call(production, 'POST', '/api/v1/auth/login', {
        body: { email: 'staff@scmp.test', password: 'DemoPass!2026' },
      });
      expect(login.status).toBe(401);
    } finally {
      await production.stop();
    }
  }, 120_000);
});

describe('the CLI in production', () => {
  it('refuses to start with the same list of problems as the server', () => {
    const dir = tempDir('cli');
    mkdirSync(dir, { recursive: true });
    const result = spawnSync(process.execPath, [cli, 'seed'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', APP_ENV: 'production', DATA_DIR: dir },
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/SMTP_URL: required/);
  });

  it('backs up and restores as an operator runs it, refusing a non-empty target without --force', async () => {
    const source = tempDir('backup-source');
    const env = productionEnv(await freePort(), source);
    const server = await startServer('production-backup-source', bundle, env);
    await server.stop();
    const file = path.join(tempDir('backup-files'), 'nightly.tar.gz');
    const backup = await runToExit(cli, env, ['backup', file]);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup written to .*nightly\.tar\.gz/);

    const refused = await runToExit(cli, env, ['restore', file]);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('Refusing to restore');
    expect(refused.output).toContain('Nothing was changed');

    const target = tempDir('backup-target');
    const restored = await runToExit(cli, productionEnv(await freePort(), target), [
      'restore',
      file,
    ]);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('Keep APP_KEY as it is');
    const started = await startServer(
      'production-restored',
      bundle,
      productionEnv(await freePort(), target),
    );
    await started.stop();
  }, 120_000);
});
