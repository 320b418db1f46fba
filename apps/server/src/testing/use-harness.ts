import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ServerConfig } from '../config';
import { createHarness, type TestHarness } from './harness';

/**
 * One in-process server for the whole test file: made before its tests and handed to `keep`
 * (which stores it, `(made) => (h = made)`), closed after them. With `resetRateLimits`, every
 * test starts with fresh throttle budgets.
 */
export function useHarness(
  keep: (h: TestHarness) => unknown,
  options: { resetRateLimits?: boolean; config?: Partial<ServerConfig> } = {},
): void {
  let h: TestHarness | undefined;
  beforeAll(async () => {
    h = await createHarness(options.config);
    keep(h);
  });
  afterAll(() => h?.close());
  if (options.resetRateLimits) {
    beforeEach(async () => {
      await h!.deps.rateLimiter.resetAll();
    });
  }
}
