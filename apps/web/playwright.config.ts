import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium-launch.mjs';

/**
 * Browser tests against the built app (apps/web/dist + apps/server/dist) on a throwaway data folder.
 * Debian's Chromium is used: `npx playwright install` cannot download here.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/scmp-e2e-${port}`;
export const baseURL = `http://localhost:${port}`;
// Stripe mode (e2e/subscription-stripe.spec.ts): a second server whose STRIPE_* keys point at
// the local Stripe stub that spec starts. Launched only when that spec may run.
export const stripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 1000);
export const stripeStubPort = Number(process.env.E2E_STRIPE_STUB_PORT ?? port + 2000);
export const stripeBaseURL = `http://localhost:${stripePort}`;
// The DNS server e2e/custom-domains.spec.ts starts; the servers verify custom domains with it.
export const dnsPort = Number(process.env.E2E_DNS_PORT ?? port + 3000);
const specArgs = process.argv.filter((a) => /\.spec\.ts$/.test(a));
process.env.E2E_WITH_STRIPE ??= String(
  specArgs.length === 0 || specArgs.some((a) => a.includes('subscription-stripe')),
);
const serverEnv = (p: number, url: string, dir: string) => ({
  PORT: String(p),
  HOST: '127.0.0.1',
  APP_URL: url,
  DATA_DIR: dir,
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist',
  WORKER_INTERVAL_MS: '200',
  INSTANCE_HEALTH_INTERVAL_SECONDS: '5',
  DNS_SERVERS: `127.0.0.1:${dnsPort}`,
  DNS_TIMEOUT_MS: '500',
});
const serverBundle = process.env.SERVER_BUNDLE ?? '../server/dist/server.cjs';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /subscription-stripe\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'stripe',
      testMatch: /subscription-stripe\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL: stripeBaseURL },
    },
  ],
  webServer: [
    {
      command: `rm -rf ${dataDir} && node ${serverBundle}`,
      url: `${baseURL}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv(port, baseURL, dataDir),
    },
    ...(process.env.E2E_WITH_STRIPE === 'true'
      ? [
          {
            command: `rm -rf ${dataDir}-stripe && node ${serverBundle}`,
            url: `${stripeBaseURL}/api/v1/health`,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            env: {
              ...serverEnv(stripePort, stripeBaseURL, `${dataDir}-stripe`),
              STRIPE_SECRET_KEY: 'sk_test_e2e',
              STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
              STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
              STRIPE_API_BASE: `http://127.0.0.1:${stripeStubPort}`,
            },
          },
        ]
      : []),
  ],
});
