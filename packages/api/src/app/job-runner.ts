import type { AppDeps } from '../core/app-deps';
import { billingSweepTask } from '../domain/billing';
import { certificateCheckTask, domainCheckTask } from '../domain/custom-domains';
import { organizationDomainCheckTask } from '../domain/sso';
import { instanceHealthCheckTask } from '../domain/instances';
import { mailDeliveryTask } from '../core/mail/delivery';
import { rateLimitSweepTask } from '../core/rate-limit/rate-limiter';
import { countersCompactTask, dailyFiguresTask } from '../domain/staff';
import { retentionScheduleTask } from '../domain/privacy';
import { jobHandlers, type JobHandler } from './job-handlers';
import { claimDueJobs, completeJob, failJob } from '../core/jobs/queue';

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
// accounts, closed organizations, invoices, activity log): one hourly job, domain/privacy/retention.ts.
periodicTasks.push(retentionScheduleTask);
