import type { JobHandler } from './services/jobs/types';
import { billingJobHandlers } from './services/billing/worker';
import { instanceJobHandlers } from './services/instances/lifecycle';
import { webhookJobHandlers } from './services/webhooks/deliver';
import { dataExportJobHandlers } from './services/privacy/data-exports/export-job';
import { retentionJobHandlers } from './services/privacy/retention';

export type { JobHandler } from './services/jobs/types';

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
