import type { AppDeps } from '../app-deps';

/** How long a claimed check may take before another worker may claim its row again. */
export const DUE_CHECK_LEASE_MS = 5 * 60 * 1000;

/**
 * Runs one check per claimed row side by side, so a round waits for the slowest answer (a DNS
 * lookup, a TLS handshake), not the sum of them. A check that throws is logged with its row's id
 * under `idKey` and does not stop the others. Returns how many rows the round claimed.
 */
export async function checkSideBySide<Row extends { id: number }>(
  deps: Pick<AppDeps, 'logger'>,
  claimed: Row[],
  check: (row: Row) => Promise<unknown>,
  failure: { idKey: string; message: string },
): Promise<number> {
  await Promise.all(
    claimed.map((row) =>
      check(row).catch((error: unknown) =>
        deps.logger.warn({ err: error, [failure.idKey]: row.id }, failure.message),
      ),
    ),
  );
  return claimed.length;
}

/**
 * A periodic task (registered in app/job-runner.ts) that runs a round of due checks every
 * second; each row is claimed by the round that takes it, so the rounds of concurrent workers
 * split the work.
 */
export function dueCheckTask(name: string, runRound: (deps: AppDeps) => Promise<number>) {
  return {
    name,
    everyMs: 1000,
    run: async (deps: AppDeps) => {
      await runRound(deps);
    },
  };
}
