import type { AppDeps } from './app-deps';
import { billingSweepTask } from './services/billing/worker';
import { certificateCheckTask } from './services/custom-domains/certificates';
import { domainCheckTask } from './services/custom-domains/domain-checks';
import { organizationDomainCheckTask } from './services/sso/domain-checks';
import { instanceHealthCheckTask } from './services/instances/lifecycle';
import { mailDeliveryTask } from './services/mail/delivery';
import { rateLimitSweepTask } from './services/rate-limit/rate-limiter';
import { countersCompactTask } from './services/staff/counters';
import { dailyFiguresTask } from './services/staff/daily-figures';
import { retentionScheduleTask } from './services/privacy/retention';
import { jobHandlers, type JobHandler } from './job-handlers';
import { claimDueJobs, completeJob, failJob } from './services/jobs/queue';

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
periodicTasks.push(domainCheckTask);
periodicTasks.push(certificateCheckTask);
periodicTasks.push(organizationDomainCheckTask);
periodicTasks.push(countersCompactTask);
periodicTasks.push(dailyFiguresTask);
// Retention (sessions, exports, webhook log, mail bodies, health checks, idempotency keys, deleted
// accounts, closed organizations, invoices, activity log): one hourly job, services/privacy/retention.ts.
periodicTasks.push(retentionScheduleTask);
