import type { Resolver } from 'node:dns/promises';
import type { Selectable } from 'kysely';
import type { InstancesTable } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { DUE_CHECK_LEASE_MS, checkSideBySide, dueCheckTask } from '../../core/jobs/due-checks';
import {
  CUSTOM_DOMAIN_TEXTS,
  DOMAIN_GRACE_HOURS,
  DOMAIN_VERIFY_WINDOW_HOURS,
  RECHECK_HOURS,
} from '../../contracts/custom-domain';
import { isUniqueViolation } from '../../core/unique-violation';
import { CUSTOM_DOMAIN_UNIQUE, domainHolder, claimDueInstances } from '../instances';
import { organizationOwner, sendOrganizationNotice } from '../memberships';
import { createDnsResolver } from '../../core/dns-resolver';
import { checkDomainRecords } from './dns-check';
import { checkCertificate } from '../../core/tls-check';
import { MINUTE_MS, HOUR_MS } from '../../core/durations';

/** Waits between checks of a domain whose records are not right yet (then every 6 h). */
const BACKOFF_MS = [1, 2, 5, 10, 30, 60, 120, 240].map((m) => m * MINUTE_MS);
const MAX_BACKOFF_MS = 6 * HOUR_MS;
/** A verified domain waiting for its certificate is looked at again this soon. */
const TLS_RETRY_MS = 10 * MINUTE_MS;

export function domainBackoffMs(attempts: number): number {
  return BACKOFF_MS[Math.max(0, attempts - 1)] ?? MAX_BACKOFF_MS;
}

type InstanceRow = Selectable<InstancesTable>;
type Patch = Partial<{
  custom_domain_status: 'pending_dns' | 'verified' | 'active' | 'failed';
  custom_domain_reason: string | null;
  custom_domain_since: Date;
  custom_domain_attempts: number;
  custom_domain_checked_at: Date;
  custom_domain_verified_at: Date;
  custom_domain_lapsed_at: Date | null;
  custom_domain_next_check_at: Date | null;
}>;

/**
 * One check of an instance's custom domain and the state it leads to:
 * - records right: pending_dns/failed → verified; with PUBLIC_HTTPS, a valid certificate for the
 *   domain makes it active (and an invalid one takes active back to verified);
 * - records wrong while pending: try again with backoff until 72 h from the start, then failed;
 * - records gone from a verified domain: back to pending_dns (still served for the grace period,
 *   the owner is e-mailed) and a new 72 h window starts.
 * The update applies only if the domain is still the one that was checked.
 *
 * Unverified claims do not block each other: several instances may wait for one domain, and the
 * first to prove DNS wins (the unique index on verified domains settles a tie). The others fail
 * at once with the reason ("verified by another organization"), and so does any later check of
 * a claim on a domain someone else holds.
 */
export async function checkCustomDomain(
  deps: AppDeps,
  row: InstanceRow,
  resolver: Resolver = createDnsResolver(deps.config),
): Promise<void> {
  const domain = row.custom_domain;
  if (!domain || !row.custom_domain_token || !row.host || row.status === 'terminated') return;
  const served = row.custom_domain_status === 'verified' || row.custom_domain_status === 'active';
  if (!served) {
    const holder = await domainHolder(deps.db, domain, row.id);
    if (holder) {
      await failLostClaim(deps, row, holder.organization_id);
      return;
    }
  }
  const verdict = await checkDomainRecords(resolver, {
    domain,
    token: row.custom_domain_token,
    targetHost: row.host,
    publicIps: deps.config.domains.publicIps,
  });
  const now = deps.clock.now();
  const status = row.custom_domain_status;
  const patch: Patch = { custom_domain_checked_at: now };
  let lapsed = false;

  if (verdict.ok) {
    const wasServed = status === 'verified' || status === 'active';
    patch.custom_domain_status = 'verified';
    patch.custom_domain_reason = null;
    patch.custom_domain_attempts = 0;
    patch.custom_domain_lapsed_at = null;
    if (!wasServed) patch.custom_domain_verified_at = now;
    patch.custom_domain_next_check_at = new Date(now.getTime() + RECHECK_HOURS * HOUR_MS);
    if (deps.config.tls.publicHttps) {
      const cert = await checkCertificate(deps.config, domain, now);
      if (cert.status === 'active' || cert.status === 'expiring') {
        patch.custom_domain_status = 'active';
      } else {
        patch.custom_domain_reason = cert.reason;
        patch.custom_domain_next_check_at = new Date(now.getTime() + TLS_RETRY_MS);
      }
    }
  } else if (status === 'verified' || status === 'active') {
    lapsed = true;
    patch.custom_domain_status = 'pending_dns';
    patch.custom_domain_reason = verdict.reason;
    patch.custom_domain_since = now;
    patch.custom_domain_attempts = 1;
    patch.custom_domain_lapsed_at = now;
    patch.custom_domain_next_check_at = new Date(now.getTime() + domainBackoffMs(1));
  } else {
    const attempts = row.custom_domain_attempts + 1;
    const since = row.custom_domain_since ?? now;
    const windowEnds = since.getTime() + DOMAIN_VERIFY_WINDOW_HOURS * HOUR_MS;
    patch.custom_domain_reason = verdict.reason;
    patch.custom_domain_attempts = attempts;
    if (status === 'failed' || now.getTime() >= windowEnds) {
      patch.custom_domain_status = 'failed';
      patch.custom_domain_next_check_at = null;
    } else {
      patch.custom_domain_status = 'pending_dns';
      patch.custom_domain_next_check_at = new Date(
        Math.min(now.getTime() + domainBackoffMs(attempts), windowEnds),
      );
    }
  }

  let updated: { id: number } | undefined;
  try {
    updated = await deps.db
      .updateTable('instances')
      .set({ ...patch, updated_at: now })
      .where('id', '=', row.id)
      .where('custom_domain', '=', domain)
      .where('custom_domain_token', '=', row.custom_domain_token)
      .returning('id')
      .executeTakeFirst();
  } catch (error) {
    // Another instance verified the same domain a moment earlier: it won.
    if (!isUniqueViolation(error, CUSTOM_DOMAIN_UNIQUE)) throw error;
    const holder = await domainHolder(deps.db, domain, row.id);
    await failLostClaim(deps, row, holder?.organization_id ?? null);
    return;
  }
  if (updated && lapsed) await mailLapsed(deps, row, domain, verdict.ok ? '' : verdict.reason);
  const nowServed =
    patch.custom_domain_status === 'verified' || patch.custom_domain_status === 'active';
  if (updated && nowServed && !served) await failOtherClaims(deps, row, domain, now);
}

function lostReason(claimOrganizationId: number, holderOrganizationId: number | null): string {
  return holderOrganizationId === claimOrganizationId
    ? CUSTOM_DOMAIN_TEXTS.verifiedByOtherInstance
    : CUSTOM_DOMAIN_TEXTS.verifiedByOtherOrganization;
}

/** What a claim that lost its domain becomes: failed with `reason`, never checked again. */
function failedClaim(reason: string, now: Date) {
  return {
    custom_domain_status: 'failed',
    custom_domain_reason: reason,
    custom_domain_checked_at: now,
    custom_domain_lapsed_at: null,
    custom_domain_next_check_at: null,
    updated_at: now,
  } as const;
}

/** A claim whose domain another instance verified first: failed, never checked again. */
async function failLostClaim(deps: AppDeps, row: InstanceRow, holderOrganizationId: number | null) {
  const now = deps.clock.now();
  await deps.db
    .updateTable('instances')
    .set(failedClaim(lostReason(row.organization_id, holderOrganizationId), now))
    .where('id', '=', row.id)
    .where('custom_domain', '=', row.custom_domain)
    .where('custom_domain_token', '=', row.custom_domain_token)
    .where('custom_domain_status', 'not in', ['verified', 'active'])
    .execute();
}

/** The winner just verified `domain`: every other claim on it fails with the reason. */
async function failOtherClaims(deps: AppDeps, winner: InstanceRow, domain: string, now: Date) {
  for (const sameOrganization of [true, false]) {
    await deps.db
      .updateTable('instances')
      .set(
        failedClaim(
          sameOrganization
            ? CUSTOM_DOMAIN_TEXTS.verifiedByOtherInstance
            : CUSTOM_DOMAIN_TEXTS.verifiedByOtherOrganization,
          now,
        ),
      )
      .where('custom_domain', '=', domain)
      .where('id', '!=', winner.id)
      .where('custom_domain_status', 'not in', ['verified', 'active'])
      .where('organization_id', sameOrganization ? '=' : '!=', winner.organization_id)
      .execute();
  }
}

async function mailLapsed(deps: AppDeps, row: InstanceRow, domain: string, reason: string) {
  const details = await organizationOwner(deps.db, row.organization_id);
  if (!details) return;
  await sendOrganizationNotice(deps, row.organization_id, details, {
    kind: 'custom-domain-lapsed',
    subject: `The DNS records of ${domain} have disappeared`,
    paragraphs: [
      `The custom domain ${domain} of the instance "${row.name}" no longer has the DNS records SCMP needs (${reason}).`,
      `It will stop being served in ${DOMAIN_GRACE_HOURS} hours unless the records are put back. The instance stays reachable on ${row.host}.`,
    ],
    action: {
      label: 'See the DNS records',
      url: `${deps.config.appUrl}/dashboard/instances/${row.uuid}`,
    },
  });
}

/**
 * Checks the custom domains that are due (backoff while pending, daily once verified). Each row
 * is claimed by leasing its next check forward (claim-due.ts), so concurrent workers split the work.
 */
export async function runDueDomainChecks(deps: AppDeps, limit = 10): Promise<number> {
  const now = deps.clock.now();
  const claimed = await claimDueInstances(deps, {
    column: 'custom_domain_next_check_at',
    eligible: (eb) => eb('status', '!=', 'terminated'),
    due: (eb) => eb('custom_domain_next_check_at', '<=', now),
    claimUntil: new Date(now.getTime() + DUE_CHECK_LEASE_MS),
    limit,
  });
  return checkSideBySide(deps, claimed, (row) => checkCustomDomain(deps, row), {
    idKey: 'instanceId',
    message: 'custom domain check failed',
  });
}

export const domainCheckTask = dueCheckTask('custom-domains.checks', runDueDomainChecks);
