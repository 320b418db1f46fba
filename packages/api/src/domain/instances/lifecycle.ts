import type { AppDeps } from '../../core/app-deps';
import { checkInstanceCertificate } from './certificate-check';
import { claimDueInstances } from './claim-due';
import { enqueueJob } from '../../core/jobs/queue';
import { probeUrl } from './http-probe';
import { instanceUrlOf } from './instance-url';
import type { InstanceRow } from './instance-output';
import { CERTIFICATE_JOB, PROVISION_JOB } from './job-types';

/**
 * The instance lifecycle, driven by durable jobs (claimed with FOR UPDATE SKIP LOCKED):
 *   pending → provisioning → active (provisioned_at set), then the certificate is checked
 *   (ssl_status from a real TLS connection, or not_configured with no TLS proxy).
 * Each step is a conditional UPDATE on the current status, so a job that runs twice (a retry after
 * a crash, or a second process) can never provision one instance twice.
 */

/** The pluggable infrastructure step; production replaces it, tests observe it. */
export type InstanceInfrastructure = {
  /** Creates the hosted portal (containers, DNS, …). Must be idempotent per instance id. */
  provision: (deps: AppDeps, instance: InstanceRow) => Promise<void>;
};

export type HealthOutcome = {
  healthy: boolean;
  detail: string;
  /** The HTTP status, null when nothing answered. */
  statusCode: number | null;
  responseMs: number;
};

/** GET {instance_url}/healthz over real HTTP: healthy when it answers 200 with this instance's uuid. */
export async function checkInstanceHealth(
  deps: Pick<AppDeps, 'config'>,
  instance: Pick<InstanceRow, 'uuid' | 'host'>,
): Promise<HealthOutcome> {
  const started = performance.now();
  const done = (healthy: boolean, detail: string, statusCode: number | null = null) => ({
    healthy,
    detail,
    statusCode,
    responseMs: Math.round(performance.now() - started),
  });
  if (!instance.host) return done(false, 'no host');
  const result = await probeUrl(`${instanceUrlOf(deps.config, instance.host)}/healthz`);
  if (result.status !== 200) {
    return done(false, result.error ?? `HTTP ${result.status ?? 'error'}`, result.status);
  }
  try {
    const body = JSON.parse(result.body) as { status?: unknown; instance?: unknown };
    if (body.status === 'ok' && body.instance === instance.uuid) return done(true, 'ok', 200);
  } catch {
    /* not JSON */
  }
  return done(false, 'unexpected answer', 200);
}

export const instanceInfrastructure: InstanceInfrastructure = {
  provision: async () => {},
};

/** How long a runner may take to provision before another may take over. */
const PROVISION_LEASE_MS = 10 * 60 * 1000;

function instanceIdOf(payload: Record<string, unknown>): number {
  const id = Number(payload.instanceId);
  if (!Number.isInteger(id) || id <= 0) throw new Error('instance job without instanceId');
  return id;
}

export async function runProvisionJob(deps: AppDeps, payload: Record<string, unknown>) {
  const id = instanceIdOf(payload);
  const now = deps.clock.now();
  // Claim with a lease: only one runner moves pending → provisioning. A runner that died
  // mid-way leaves 'provisioning' with a lapsed lease; the job's retry takes over then (the
  // provision step is idempotent), but never while another runner still holds the lease.
  const instance = await deps.db
    .updateTable('instances')
    .set({
      status: 'provisioning',
      provision_lease_until: new Date(now.getTime() + PROVISION_LEASE_MS),
      updated_at: now,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([
          eb('status', '=', 'provisioning'),
          eb.or([eb('provision_lease_until', 'is', null), eb('provision_lease_until', '<', now)]),
        ]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  if (!instance) return; // done, being done by another runner, suspended or terminated
  await instanceInfrastructure.provision(deps, instance);
  const activated = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('instances')
      .set({
        status: 'active',
        provisioned_at: deps.clock.now(),
        provision_lease_until: null,
        updated_at: deps.clock.now(),
      })
      .where('id', '=', id)
      .where('status', '=', 'provisioning')
      .returning('id')
      .executeTakeFirst();
    if (row) {
      await deps.domainEvents.emit(trx, 'instance.activated', {
        organizationId: instance.organization_id,
        instanceId: id,
      });
    }
    return row;
  });
  if (!activated) return;
  deps.logger.info({ instanceId: id, host: instance.host }, 'instance provisioned');
  await enqueueJob(deps.db, {
    type: CERTIFICATE_JOB,
    payload: { instanceId: id },
    runAt: deps.clock.now(),
    uniqueKey: `instance-certificate:${id}`,
  });
}

/** The first certificate check after activation (re-checks: custom-domains/certificates.ts). */
export async function runCertificateJob(deps: AppDeps, payload: Record<string, unknown>) {
  await checkInstanceCertificate(deps, instanceIdOf(payload));
}

/**
 * Health checks of active instances whose last check is older than the configured interval.
 * Claimed in one statement (claim-due.ts): concurrent workers split the work.
 */
export async function runDueHealthChecks(deps: AppDeps, limit = 20): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.config.instances.healthCheckIntervalSeconds * 1000);
  const claimed = await claimDueInstances(deps, {
    column: 'last_health_check',
    eligible: (eb) => eb.and([eb('status', '=', 'active'), eb('host', 'is not', null)]),
    due: (eb) =>
      eb.or([eb('last_health_check', 'is', null), eb('last_health_check', '<=', cutoff)]),
    claimUntil: now,
    limit,
  });
  let checked = 0;
  for (const instance of claimed) {
    const id = instance.id;
    const outcome = await checkInstanceHealth(deps, instance);
    const at = deps.clock.now();
    // The latest result on the instance, and the history (uptime, incidents, response times).
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('instances')
        .set({
          last_health_check: at,
          last_health_status: outcome.healthy ? 'healthy' : 'unhealthy',
        })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('instance_health_checks')
        .values({
          instance_id: id,
          checked_at: at,
          healthy: outcome.healthy,
          status_code: outcome.statusCode,
          response_ms: outcome.responseMs,
          detail: outcome.healthy ? null : outcome.detail.slice(0, 200),
        })
        .execute();
    });
    if (!outcome.healthy)
      deps.logger.warn({ instanceId: id, detail: outcome.detail }, 'instance health check failed');
    checked += 1;
  }
  return checked;
}

/** Registered in src/job-handlers.ts. */
export const instanceJobHandlers: Record<
  string,
  (deps: AppDeps, payload: Record<string, unknown>) => Promise<void>
> = {
  [PROVISION_JOB]: runProvisionJob,
  [CERTIFICATE_JOB]: runCertificateJob,
};

/** Registered in src/job-runner.ts. Runs often; each instance is due once per interval. */
export const instanceHealthCheckTask = {
  name: 'instances.health-checks',
  everyMs: 1000,
  run: async (deps: AppDeps) => {
    await runDueHealthChecks(deps);
  },
};
