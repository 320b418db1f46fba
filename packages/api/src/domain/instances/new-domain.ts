import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppConfig } from '../../core/config';
import { CUSTOM_DOMAIN_TEXTS, parseCustomDomain } from '../../contracts/custom-domain';
import { AppError } from '../../core/errors';
import { isUniqueViolation } from '../../core/unique-violation';

/**
 * The unique index that settles two instances verifying one domain at once: it covers verified
 * and active domains only, so unverified (pending_dns, failed) claims never block anyone.
 */
export const CUSTOM_DOMAIN_UNIQUE = 'instances_custom_domain_unique';

/** The columns of a freshly claimed domain: a new TXT token and a 72 h window checked at once. */
export function newCustomDomain(domain: string, now: Date) {
  return {
    custom_domain: domain,
    custom_domain_status: 'pending_dns' as const,
    custom_domain_token: `scmp-verify-${randomBytes(16).toString('hex')}`,
    custom_domain_reason: null,
    custom_domain_since: now,
    custom_domain_attempts: 0,
    custom_domain_checked_at: null,
    custom_domain_verified_at: null,
    custom_domain_lapsed_at: null,
    custom_domain_next_check_at: now,
  };
}

/** This deployment's own names, which no customer can claim. */
function ownDomains(config: Pick<AppConfig, 'tenantDomain' | 'instanceDomain' | 'appUrl'>) {
  const own = [config.tenantDomain, config.instanceDomain];
  try {
    own.push(new URL(config.appUrl).hostname);
  } catch {
    /* no app host */
  }
  return own;
}

/** The host name of `value` or a 422 naming `field` with the reason. */
export function customDomainOrThrow(
  config: Pick<AppConfig, 'tenantDomain' | 'instanceDomain' | 'appUrl'>,
  value: string,
  field: string,
): string {
  const parsed = parseCustomDomain(value, ownDomains(config));
  if (parsed.ok) return parsed.domain;
  throw new AppError('VALIDATION_ERROR', parsed.error, { errors: { [field]: [parsed.error] } });
}

function domainTaken(field: string): AppError {
  return new AppError('CONFLICT', CUSTOM_DOMAIN_TEXTS.taken, {
    errors: { [field]: [CUSTOM_DOMAIN_TEXTS.taken] },
  });
}

/**
 * A 409 naming `field` when a live instance other than `exceptId` holds `domain` (verified or
 * active); unverified claims of others do not block: the first to prove DNS wins (domain-checks).
 */
export async function assertDomainFree(
  db: Kysely<Database>,
  domain: string,
  field: string,
  exceptId?: number,
): Promise<void> {
  if (await domainHolder(db, domain, exceptId)) throw domainTaken(field);
}

/** A write that lost the race for a domain to another instance's verification: 409 naming `field`. */
export function throwIfDomainTaken(error: unknown, field: string): void {
  if (isUniqueViolation(error, CUSTOM_DOMAIN_UNIQUE)) throw domainTaken(field);
}

/** Statuses in which an instance holds its domain: nobody else may claim or verify it. */
export const HELD_DOMAIN_STATUSES = ['verified', 'active'] as const;

/**
 * The live instance that holds `domain` (verified or active), other than `exceptId`, if any.
 * Unverified claims are not returned: several instances may wait for one domain.
 */
export async function domainHolder(
  db: Kysely<Database>,
  domain: string,
  exceptId?: number,
): Promise<{ id: number; organization_id: number } | undefined> {
  let query = db
    .selectFrom('instances')
    .select(['id', 'organization_id'])
    .where('custom_domain', '=', domain)
    .where('custom_domain_status', 'in', HELD_DOMAIN_STATUSES)
    .where('status', '!=', 'terminated');
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}
