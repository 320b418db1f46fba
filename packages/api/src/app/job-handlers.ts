import type { JobHandler } from '../core/jobs/types';
import { billingJobHandlers } from '../domain/billing';
import { instanceJobHandlers } from '../domain/instances';
import { webhookJobHandlers } from '../domain/webhooks';
import { dataExportJobHandlers, retentionJobHandlers } from '../domain/privacy';

export type { JobHandler } from '../core/jobs/types';

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
