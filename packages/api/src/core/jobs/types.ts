import type { AppDeps } from '../app-deps';

/** What runs one background job's payload (registered by type in src/job-handlers.ts, the composition root). */
export type JobHandler = (deps: AppDeps, payload: Record<string, unknown>) => Promise<void>;
