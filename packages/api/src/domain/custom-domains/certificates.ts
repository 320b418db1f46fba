import type { AppDeps } from '../../core/app-deps';
import { DUE_CHECK_LEASE_MS, checkSideBySide, dueCheckTask } from '../../core/jobs/due-checks';
import { claimDueInstances, checkInstanceCertificate } from '../instances';

/** Certificates due a (re-)check; claimed like the domain checks. */
export async function runDueCertificateChecks(deps: AppDeps, limit = 10): Promise<number> {
  const now = deps.clock.now();
  const claimed = await claimDueInstances(deps, {
    column: 'ssl_next_check_at',
    eligible: (eb) => eb('status', 'in', ['active', 'suspended']),
    due: (eb) => eb('ssl_next_check_at', '<=', now),
    claimUntil: new Date(now.getTime() + DUE_CHECK_LEASE_MS),
    limit,
  });
  return checkSideBySide(deps, claimed, ({ id }) => checkInstanceCertificate(deps, id), {
    idKey: 'instanceId',
    message: 'certificate check failed',
  });
}

export const certificateCheckTask = dueCheckTask(
  'instances.certificate-checks',
  runDueCertificateChecks,
);
