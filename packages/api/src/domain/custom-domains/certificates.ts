import type { AppDeps } from '../../core/app-deps';
import { claimDueInstances, checkInstanceCertificate } from '../instances';

/** How long a claimed instance is left to this round before another worker may take it. */
const CLAIM_LEASE_MS = 5 * 60 * 1000;

/** Certificates due a (re-)check; claimed like the domain checks. */
export async function runDueCertificateChecks(deps: AppDeps, limit = 10): Promise<number> {
  const now = deps.clock.now();
  const claimed = await claimDueInstances(deps, {
    column: 'ssl_next_check_at',
    eligible: (eb) => eb('status', 'in', ['active', 'suspended']),
    due: (eb) => eb('ssl_next_check_at', '<=', now),
    claimUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
    limit,
  });
  // Side by side: a round waits for the slowest TLS handshake, not the sum of them.
  await Promise.all(
    claimed.map(({ id }) =>
      checkInstanceCertificate(deps, id).catch((error: unknown) =>
        deps.logger.warn({ err: error, instanceId: id }, 'certificate check failed'),
      ),
    ),
  );
  return claimed.length;
}

/** Registered in src/job-runner.ts. */
export const certificateCheckTask = {
  name: 'instances.certificate-checks',
  everyMs: 1000,
  run: async (deps: AppDeps) => {
    await runDueCertificateChecks(deps);
  },
};
