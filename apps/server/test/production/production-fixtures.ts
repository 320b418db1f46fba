import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startStripeStub, type StripeStub } from '../../src/testing/stripe-stub';
import { startSmtpRecorder, type SmtpRecorder } from '../../src/testing/smtp-recorder';
import { buildServerBundle, call, type ServerProcess } from '../scale-out/processes';

/**
 * The production mode as an operator meets it (production-start.test.ts, production-cli.test.ts):
 * the real server bundle and CLI, Stripe at a test stub and SMTP at a loopback sink.
 */
export const serverDir = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];

export const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `scmp-prod-${label}-`));
  dirs.push(dir);
  return dir;
};

export type Production = {
  bundle: string;
  cli: string;
  webDist: string;
  /** Every setting a production start needs, Stripe at the stub and SMTP at the sink. */
  env: (port: number, dataDir: string) => Record<string, string>;
  /** Runs the server bundle with `env` to its end (a start that must fail). */
  runServer: (env: Record<string, string>) => Promise<Exit>;
  /** Runs the operator CLI (`cli.js <args>`) with `env` to its end. */
  runCli: (env: Record<string, string>, args: string[]) => Promise<Exit>;
};

/** How a run ended: its exit code and everything it printed. */
type Exit = { code: number | null; output: string };

/** Builds the bundle into apps/server/dist-test-production-<label> for the calling test file. */
export function useProductionBundle(label: string): Production {
  const outDir = `dist-test-production-${label}`;
  let stripe: StripeStub;
  let sink: SmtpRecorder;
  const production: Production = {
    bundle: '',
    cli: '',
    webDist: '',
    env: (port, dataDir) => ({
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
      WEB_DIST_DIR: production.webDist,
      LOG_LEVEL: 'warn',
      WORKER_ENABLED: 'false',
    }),
    runServer: (env) => runToExit(production.bundle, env),
    runCli: (env, args) => runToExit(production.cli, env, args),
  };
  beforeAll(async () => {
    production.bundle = buildServerBundle(outDir);
    production.cli = path.join(path.dirname(production.bundle), 'cli.js');
    stripe = await startStripeStub();
    sink = await startSmtpRecorder();
    production.webDist = tempDir('web');
    writeFileSync(
      path.join(production.webDist, 'index.html'),
      '<!doctype html><html><head><title>SCMP</title></head><body><div id="root"></div></body></html>',
    );
  }, 120_000);

  afterAll(async () => {
    await stripe?.close();
    await sink?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    rmSync(path.join(serverDir, outDir), { recursive: true, force: true });
  });
  return production;
}

/** The start-up banner is printed just after the server listens: wait for it. */
export async function bannerOf(server: ServerProcess): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (!server.output().includes('SCMP is running') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server.output();
}

/** Runs the bundle (or the CLI) to its end: exit code and everything it printed. */
function runToExit(entry: string, env: Record<string, string>, args: string[] = []): Promise<Exit> {
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

/** Registers an owner on `server`; answers the registration. */
export const registerOwner = (server: ServerProcess, name: string, email: string) =>
  call(server, 'POST', '/api/v1/auth/register', {
    body: {
      name,
      email,
      password: 'Correct-Horse-2026!',
      password_confirmation: 'Correct-Horse-2026!',
    },
  });

/** Adds a card through the built-in test payment route. */
export const addTestCard = (server: ServerProcess, token: string) =>
  call(server, 'POST', '/api/v1/payments/test/payment-methods', {
    token,
    body: { type: 'card', number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
  });
