import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests (`*.test.ts[x]` beside the code and in apps/server/test). Browser tests are
 * Playwright (`apps/web/e2e`). TEST_DB_DRIVER=postgres runs the same suite on PostgreSQL, plus
 * the scale-out tests (several server processes on one database), which need PostgreSQL.
 */
const postgresOnly =
  process.env.TEST_DB_DRIVER === 'postgres' ? [] : ['apps/server/test/scale-out/**'];

export default defineConfig({
  test: {
    include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', 'apps/web/e2e/**', ...postgresOnly],
    globalSetup: ['packages/db/src/test-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
