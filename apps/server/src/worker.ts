import { periodicTasks, runDueJobs, type AppDeps } from '@scmp/api';

export type Worker = { stop: () => Promise<void> };

/**
 * The background worker: runs due jobs (rows claimed with FOR UPDATE SKIP LOCKED, so several
 * processes can run it) and the periodic tasks. Stops cleanly, finishing the current round.
 */
export function startWorker(deps: AppDeps, intervalMs: number): Worker {
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  const lastRun = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  const round = async () => {
    try {
      while (!stopped && (await runDueJobs(deps)) > 0) {
        /* drain the due jobs */
      }
      for (const task of periodicTasks) {
        const now = Date.now();
        if (stopped || now - (lastRun.get(task.name) ?? 0) < task.everyMs) continue;
        lastRun.set(task.name, now);
        await task
          .run(deps)
          .catch((error: unknown) =>
            deps.logger.error({ err: error, task: task.name }, 'periodic task failed'),
          );
      }
    } catch (error) {
      deps.logger.warn({ err: error }, 'worker round failed');
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = round().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
