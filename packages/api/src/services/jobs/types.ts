import type { AppDeps } from '../../app-deps';

/** What runs one background job's payload (registered in handlers.ts by type). */
export type JobHandler = (deps: AppDeps, payload: Record<string, unknown>) => Promise<void>;
