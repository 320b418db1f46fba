import type { JobHandler } from './types';
import { billingJobHandlers } from '../billing/worker';
import { instanceJobHandlers } from '../instances/lifecycle';
import { webhookJobHandlers } from '../webhooks/deliver';
import { dataExportJobHandlers } from '../privacy/data-exports/export-job';
import { retentionJobHandlers } from '../privacy/retention';

export type { JobHandler } from './types';

/**
 * Every background job type and its handler. Areas add their entries here
 * (instance provisioning, health checks, renewals, …). Mail delivery has its own loop.
 */
export const jobHandlers: Record<string, JobHandler> = {};
Object.assign(jobHandlers, instanceJobHandlers);
Object.assign(jobHandlers, billingJobHandlers);
Object.assign(jobHandlers, webhookJobHandlers);
Object.assign(jobHandlers, dataExportJobHandlers);
Object.assign(jobHandlers, retentionJobHandlers);
