import type { Resolver } from 'node:dns/promises';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/app-deps';
import { DUE_CHECK_LEASE_MS, checkSideBySide, dueCheckTask } from '../../core/jobs/due-checks';
import {
  DOMAIN_PENDING_RETRY_DAYS,
  DOMAIN_RECHECK_HOURS,
  DOMAIN_VERIFY_LABEL,
  SSO_DOMAIN_TEXTS,
} from '../../contracts/sso';
import { createDnsResolver } from '../../core/dns-resolver';
import { checkTxtToken, domainBackoffMs } from '../custom-domains';
import { organizationOwner, sendOrganizationNotice } from '../memberships';
import { isUniqueViolation } from '../../core/unique-violation';
import { VERIFIED_DOMAIN_UNIQUE, verifiedElsewhere, type DomainRow } from './domain-records';
import { HOUR_MS, DAY_MS } from '../../core/durations';

/**
 * One check of a domain's TXT record and the state it leads to:
 * - record right: verified, re-checked daily (unless another organization holds it: stays pending
 *   with that reason);
 * - record wrong while pending: retried with backoff for DOMAIN_PENDING_RETRY_DAYS, then only on demand;
 * - record gone from a verified domain: un-verified (pending again, retried) and the owner e-mailed.
 */
export async function checkOrganizationDomain(
  deps: AppDeps,
  row: DomainRow,
  resolver: Resolver = createDnsResolver(deps.config),
): Promise<DomainRow> {
  const now = deps.clock.now();
  const wasVerified = row.status === 'verified';
  const retryUntil = row.created_at.getTime() + DOMAIN_PENDING_RETRY_DAYS * DAY_MS;
  const pendingNext = (attempts: number) => {
    const next = now.getTime() + domainBackoffMs(attempts);
    return wasVerified || next <= retryUntil ? new Date(next) : null;
  };
  let patch: Partial<Record<keyof DomainRow, unknown>>;
  if (!wasVerified && (await verifiedElsewhere(deps, row.domain, row.organization_id))) {
    patch = {
      reason: SSO_DOMAIN_TEXTS.takenElsewhere,
      checked_at: now,
      attempts: row.attempts + 1,
      next_check_at: null,
    };
  } else {
    const verdict = await checkTxtToken(
      resolver,
      `${DOMAIN_VERIFY_LABEL}.${row.domain}`,
      row.token,
    );
    if (verdict.ok) {
      patch = {
        status: 'verified',
        reason: null,
        attempts: 0,
        checked_at: now,
        verified_at: wasVerified ? row.verified_at : now,
        next_check_at: new Date(now.getTime() + DOMAIN_RECHECK_HOURS * HOUR_MS),
      };
    } else {
      const attempts = wasVerified ? 1 : row.attempts + 1;
      patch = {
        status: 'pending',
        reason: verdict.reason,
        attempts,
        checked_at: now,
        verified_at: null,
        next_check_at: wasVerified
          ? new Date(now.getTime() + domainBackoffMs(1))
          : pendingNext(attempts),
      };
    }
  }
  let updated: DomainRow | undefined;
  try {
    updated = await deps.db
      .updateTable('organization_domains')
      .set({ ...(patch as object), updated_at: now })
      .where('id', '=', row.id)
      .where('token', '=', row.token)
      .returningAll()
      .executeTakeFirst();
  } catch (error) {
    if (!isUniqueViolation(error, VERIFIED_DOMAIN_UNIQUE)) throw error;
    // Another organization verified the same domain a moment earlier: it won.
    updated = await deps.db
      .updateTable('organization_domains')
      .set({ reason: SSO_DOMAIN_TEXTS.takenElsewhere, checked_at: now, next_check_at: null })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirst();
  }
  if (!updated) return row;
  if (wasVerified && updated.status === 'pending') await mailLapsed(deps, updated);
  return updated;
}

async function mailLapsed(deps: AppDeps, row: DomainRow) {
  const details = await organizationOwner(deps.db, row.organization_id);
  if (!details) return;
  await sendOrganizationNotice(deps, row.organization_id, details, {
    kind: 'sso-domain-lapsed',
    subject: SSO_DOMAIN_TEXTS.lapsedSubject(row.domain),
    paragraphs: [
      `The DNS record ${DOMAIN_VERIFY_LABEL}.${row.domain} that proves ${details.organization_name} controls ${row.domain} has disappeared (${row.reason ?? 'TXT record not found'}).`,
      `Until the record is put back, people with ${row.domain} addresses cannot sign in through your identity provider, and the organization's sign-in policies no longer cover them.`,
    ],
    action: {
      label: 'See the DNS record',
      url: `${deps.config.appUrl}/dashboard/organizations/${details.organization_uuid}?tab=security`,
    },
  });
}

/** Checks the domains that are due (backoff while pending, daily once verified); concurrent workers split them. */
export async function runDueOrganizationDomainChecks(deps: AppDeps, limit = 10): Promise<number> {
  const now = deps.clock.now();
  const claimed = await deps.db
    .updateTable('organization_domains')
    .set({ next_check_at: new Date(now.getTime() + DUE_CHECK_LEASE_MS) })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('organization_domains')
        .select('id')
        .where('next_check_at', '<=', now)
        .orderBy(sql`next_check_at`)
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .where('next_check_at', '<=', now)
    .returningAll()
    .execute();
  return checkSideBySide(deps, claimed, (row) => checkOrganizationDomain(deps, row), {
    idKey: 'domainId',
    message: 'e-mail domain check failed',
  });
}

export const organizationDomainCheckTask = dueCheckTask(
  'sso.domain-checks',
  runDueOrganizationDomainChecks,
);
