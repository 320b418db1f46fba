import type { AppDeps } from '../../app-deps';
import { billingSweepTask } from '../billing/worker';
import { certificateCheckTask } from '../custom-domains/certificates';
import { domainCheckTask } from '../custom-domains/domain-checks';
import { organizationDomainCheckTask } from '../sso/domain-checks';
import { healthPruneTask } from '../instances/health-history';
import { instanceHealthCheckTask } from '../instances/lifecycle';
import { mailDeliveryTask } from '../mail/delivery';
import { idempotencySweepTask } from '../idempotency/idempotency';
import { rateLimitSweepTask } from '../rate-limit/rate-limiter';
import { countersCompactTask } from '../staff/counters';
import { dailyFiguresTask } from '../staff/daily-figures';
import { webhookSweepTask } from '../webhooks/sweep';
import { dataExportSweepTask } from '../privacy/data-exports/export-job';
import { accountPurgeTask } from '../privacy/account-purge';
import { organizationPurgeTask } from '../privacy/organization-closure/purge-task';
import { jobHandlers, type JobHandler } from './handlers';
import { claimDueJobs, completeJob, failJob } from './queue';

/** Runs the due jobs once; returns how many ran. The server calls this on an interval. */
export async function runDueJobs(
  deps: AppDeps,
  handlers: Record<string, JobHandler> = jobHandlers,
  batchSize = 10,
): Promise<number> {
  const jobs = await claimDueJobs(deps.db, deps.clock, batchSize);
  for (const job of jobs) {
    const handler = handlers[job.type];
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(deps, job.payload);
      await completeJob(deps.db, deps.clock, job.id);
    } catch (error) {
      deps.logger.error({ err: error, jobId: job.id, type: job.type }, 'job failed');
      await failJob(deps.db, deps.clock, job, error);
    }
  }
  return jobs.length;
}

/** Background tasks other than queued jobs (mail delivery, periodic sweeps); areas add theirs. */
export const periodicTasks: Array<{
  name: string;
  everyMs: number;
  run: (deps: AppDeps) => Promise<void>;
}> = [];
periodicTasks.push(instanceHealthCheckTask);
periodicTasks.push(billingSweepTask);
periodicTasks.push(mailDeliveryTask);
periodicTasks.push(rateLimitSweepTask);
periodicTasks.push(idempotencySweepTask);
periodicTasks.push(webhookSweepTask);
periodicTasks.push(domainCheckTask);
periodicTasks.push(certificateCheckTask);
periodicTasks.push(organizationDomainCheckTask);
periodicTasks.push(healthPruneTask);
periodicTasks.push(countersCompactTask);
periodicTasks.push(dailyFiguresTask);
periodicTasks.push(dataExportSweepTask);
periodicTasks.push(accountPurgeTask);
periodicTasks.push(organizationPurgeTask);
