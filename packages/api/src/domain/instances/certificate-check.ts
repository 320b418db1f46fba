import type { AppDeps } from '../../core/app-deps';
import { RECHECK_HOURS } from '../../contracts/custom-domain';
import { checkCertificate } from '../../core/tls-check';
import { MINUTE_MS, HOUR_MS } from '../../core/durations';

/** After activation a certificate may take a while: "pending", retried each minute, for an hour. */
const ISSUE_WINDOW_MS = HOUR_MS;

/**
 * Checks the TLS certificate of an instance's own host and records what it saw. With no TLS proxy
 * (PUBLIC_HTTPS=false) nothing is checked and the status is `not_configured`, never a fake
 * "active". Failures within the first hour after activation keep `pending` (the proxy issues on
 * the first request); after that they are `failed`. Valid certificates are re-checked daily.
 */
export async function checkInstanceCertificate(deps: AppDeps, instanceId: number): Promise<void> {
  const row = await deps.db
    .selectFrom('instances')
    .select(['id', 'host', 'status', 'ssl_status', 'provisioned_at'])
    .where('id', '=', instanceId)
    .executeTakeFirst();
  if (!row || !row.host || row.status === 'terminated') return;
  const now = deps.clock.now();
  if (!deps.config.tls.publicHttps) {
    await deps.db
      .updateTable('instances')
      .set({
        ssl_status: 'not_configured',
        ssl_issuer: null,
        ssl_expires_at: null,
        ssl_reason: null,
        ssl_checked_at: now,
        ssl_next_check_at: null,
      })
      .where('id', '=', row.id)
      .execute();
    return;
  }
  const verdict = await checkCertificate(deps.config, row.host, now);
  let status: typeof verdict.status | 'pending' = verdict.status;
  let next = new Date(now.getTime() + RECHECK_HOURS * HOUR_MS);
  if (verdict.status === 'failed') {
    const issuing =
      row.ssl_status === 'pending' &&
      (!row.provisioned_at || now.getTime() - row.provisioned_at.getTime() < ISSUE_WINDOW_MS);
    status = issuing ? 'pending' : 'failed';
    next = new Date(now.getTime() + (issuing ? MINUTE_MS : HOUR_MS));
  } else if (verdict.status === 'expired') {
    next = new Date(now.getTime() + HOUR_MS);
  }
  await deps.db
    .updateTable('instances')
    .set({
      ssl_status: status,
      ssl_issuer: verdict.issuer,
      ssl_expires_at: verdict.expiresAt,
      ssl_reason: verdict.reason,
      ssl_checked_at: now,
      ssl_next_check_at: next,
    })
    .where('id', '=', row.id)
    .where('status', '!=', 'terminated')
    .execute();
}
