import { randomBytes } from 'node:crypto';
import type { Resolver } from 'node:dns/promises';
import { sql, type Selectable } from 'kysely';
import { parse as parseDomain } from 'tldts';
import type { OrganizationDomainsTable } from '@scmp/db';
import type { AppDeps } from '../../app-deps';
import type { Context } from '../../request-context';
import { parseCustomDomain } from '../../contracts/custom-domain';
import {
  DOMAIN_PENDING_RETRY_DAYS,
  DOMAIN_RECHECK_HOURS,
  DOMAIN_VERIFY_LABEL,
  MAX_ORGANIZATION_DOMAINS,
  SSO_DOMAIN_TEXTS,
  isPublicMailboxDomain,
  type OrganizationDomainStatusValue,
} from '../../contracts/sso';
import { AppError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { checkTxtToken, createDnsResolver } from '../custom-domains/dns-check';
import { domainBackoffMs } from '../custom-domains/domain-checks';
import { organizationMail } from '../organizations/member-mail';
import { findMemberOrganization, type MemberOrganization } from '../organizations/membership';
import { isUniqueViolation, isUuid, toIso } from '../organizations/shared';

type Req = Pick<Context['req'], 'ip' | 'userAgent'>;
type Actor = { id: number };
type DomainRow = Selectable<OrganizationDomainsTable>;

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** How long a claimed check may take before another worker may take it again. */
const CLAIM_LEASE_MS = 5 * 60 * 1000;
export const VERIFIED_DOMAIN_UNIQUE = 'organization_domains_verified_unique';

export type OrganizationDomainOutput = {
  uuid: string;
  domain: string;
  status: OrganizationDomainStatusValue;
  dns_record: { type: 'TXT'; name: string; value: string };
  reason: string | null;
  checked_at: string | null;
  verified_at: string | null;
  created_at: string;
};

export function toDomainOutput(row: DomainRow): OrganizationDomainOutput {
  return {
    uuid: row.uuid,
    domain: row.domain,
    status: row.status,
    dns_record: { type: 'TXT', name: `${DOMAIN_VERIFY_LABEL}.${row.domain}`, value: row.token },
    reason: row.reason,
    checked_at: toIso(row.checked_at),
    verified_at: toIso(row.verified_at),
    created_at: toIso(row.created_at) ?? '',
  };
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { errors: { domain: [message] } });
}

/**
 * The e-mail domain `raw` names ("school.org.uk", "@school.org.uk", "staff.school.org.uk"), in
 * lower-case ASCII, or a 422 saying why it cannot be verified: not a domain, a public suffix
 * (co.uk, github.io), a public mailbox provider, or this deployment's own names.
 */
export function emailDomainOrThrow(deps: Pick<AppDeps, 'config'>, raw: string): string {
  const value = raw.trim().replace(/^@/, '');
  if (!value) throw invalid(SSO_DOMAIN_TEXTS.required);
  if (/[/:?#@\s]/.test(value)) throw invalid(SSO_DOMAIN_TEXTS.invalid);
  const own = [deps.config.tenantDomain, deps.config.instanceDomain];
  try {
    own.push(new URL(deps.config.appUrl).hostname);
  } catch {
    /* no app host */
  }
  const parsed = parseCustomDomain(value, own);
  if (!parsed.ok) {
    throw invalid(
      parsed.error.startsWith('Addresses under') ? parsed.error : SSO_DOMAIN_TEXTS.invalid,
    );
  }
  const domain = parsed.domain;
  const info = parseDomain(domain, { allowPrivateDomains: true });
  const known = info.isIcann === true || info.isPrivate === true;
  if (!known || !info.domain) throw invalid(SSO_DOMAIN_TEXTS.notRegistrable);
  if (isPublicMailboxDomain(domain)) throw invalid(SSO_DOMAIN_TEXTS.publicMailbox(domain));
  return domain;
}

/** Domains, SSO and policies are managed by the owner and admins. */
function organizationOf(deps: AppDeps, actor: Actor, organizationUuid: string) {
  return findMemberOrganization(deps.db, actor.id, organizationUuid, 'manage');
}

async function findDomain(deps: AppDeps, org: MemberOrganization, uuid: string) {
  const row = isUuid(uuid)
    ? await deps.db
        .selectFrom('organization_domains')
        .selectAll()
        .where('organization_id', '=', org.id)
        .where('uuid', '=', uuid)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', SSO_DOMAIN_TEXTS.notFound);
  return row;
}

/** The organization other than `exceptOrganizationId` that holds `domain` verified, if any. */
async function verifiedElsewhere(deps: AppDeps, domain: string, exceptOrganizationId: number) {
  return deps.db
    .selectFrom('organization_domains')
    .select('organization_id')
    .where('domain', '=', domain)
    .where('status', '=', 'verified')
    .where('organization_id', '!=', exceptOrganizationId)
    .executeTakeFirst();
}

export async function listDomains(deps: AppDeps, actor: Actor, organizationUuid: string) {
  const org = await organizationOf(deps, actor, organizationUuid);
  const rows = await deps.db
    .selectFrom('organization_domains')
    .selectAll()
    .where('organization_id', '=', org.id)
    .orderBy('domain')
    .execute();
  return rows.map(toDomainOutput);
}

export async function addDomain(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  raw: string,
): Promise<OrganizationDomainOutput> {
  const org = await organizationOf(deps, actor, organizationUuid);
  const domain = emailDomainOrThrow(deps, raw);
  if (await verifiedElsewhere(deps, domain, org.id)) {
    throw new AppError('CONFLICT', SSO_DOMAIN_TEXTS.takenElsewhere, {
      errors: { domain: [SSO_DOMAIN_TEXTS.takenElsewhere] },
    });
  }
  const count = await deps.db
    .selectFrom('organization_domains')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', org.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_ORGANIZATION_DOMAINS) throw invalid(SSO_DOMAIN_TEXTS.tooMany);
  const now = deps.clock.now();
  let row: DomainRow;
  try {
    row = await deps.db
      .insertInto('organization_domains')
      .values({
        organization_id: org.id,
        domain,
        token: `scmp-verify=${randomBytes(16).toString('hex')}`,
        next_check_at: now,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('CONFLICT', SSO_DOMAIN_TEXTS.alreadyAdded, {
      errors: { domain: [SSO_DOMAIN_TEXTS.alreadyAdded] },
    });
  }
  await recordActivity(deps, req, {
    userId: actor.id,
    type: 'organization',
    action: 'sso.domain_added',
    description: `Added the e-mail domain ${domain} to ${org.name}`,
  });
  return toDomainOutput(row);
}

/** POST …/domains/{uuid}/verify: checks the TXT record now; 409 when another organization won. */
export async function verifyDomain(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
): Promise<OrganizationDomainOutput> {
  const org = await organizationOf(deps, actor, organizationUuid);
  const row = await findDomain(deps, org, uuid);
  const after = await checkOrganizationDomain(deps, row);
  if (after.status === 'pending' && after.reason === SSO_DOMAIN_TEXTS.takenElsewhere) {
    throw new AppError('CONFLICT', SSO_DOMAIN_TEXTS.takenElsewhere);
  }
  if (after.status === 'verified' && row.status !== 'verified') {
    await recordActivity(deps, req, {
      userId: actor.id,
      type: 'organization',
      action: 'sso.domain_verified',
      description: `Verified the e-mail domain ${row.domain} of ${org.name}`,
    });
  }
  return toDomainOutput(after);
}

export async function removeDomain(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
): Promise<void> {
  const org = await organizationOf(deps, actor, organizationUuid);
  const row = await findDomain(deps, org, uuid);
  await deps.db.deleteFrom('organization_domains').where('id', '=', row.id).execute();
  await recordActivity(deps, req, {
    userId: actor.id,
    type: 'organization',
    action: 'sso.domain_removed',
    description: `Removed the e-mail domain ${row.domain} from ${org.name}`,
  });
}

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
  const retryUntil = row.created_at.getTime() + DOMAIN_PENDING_RETRY_DAYS * DAY;
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
        next_check_at: new Date(now.getTime() + DOMAIN_RECHECK_HOURS * HOUR),
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
  const details = await deps.db
    .selectFrom('organizations')
    .innerJoin('users', 'users.id', 'organizations.owner_id')
    .select([
      'users.id',
      'users.email',
      'users.name',
      'organizations.name as org_name',
      'organizations.uuid',
    ])
    .where('organizations.id', '=', row.organization_id)
    .executeTakeFirst();
  if (!details) return;
  const subject = SSO_DOMAIN_TEXTS.lapsedSubject(row.domain);
  const mail = await organizationMail(
    deps,
    row.organization_id,
    { to: details.email, subject, kind: 'sso-domain-lapsed', userId: details.id },
    {
      title: subject,
      paragraphs: [
        `Hello ${details.name},`,
        `The DNS record ${DOMAIN_VERIFY_LABEL}.${row.domain} that proves ${details.org_name} controls ${row.domain} has disappeared (${row.reason ?? 'TXT record not found'}).`,
        `Until the record is put back, people with ${row.domain} addresses cannot sign in through your identity provider, and the organization's sign-in policies no longer cover them.`,
      ],
      action: {
        label: 'See the DNS record',
        url: `${deps.config.appUrl}/dashboard/organizations/${details.uuid}?tab=security`,
      },
    },
  );
  await deps.mailer.send(mail);
}

/** Checks the domains that are due (backoff while pending, daily once verified); concurrent workers split them. */
export async function runDueOrganizationDomainChecks(deps: AppDeps, limit = 10): Promise<number> {
  const now = deps.clock.now();
  const claimed = await deps.db
    .updateTable('organization_domains')
    .set({ next_check_at: new Date(now.getTime() + CLAIM_LEASE_MS) })
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
  await Promise.all(
    claimed.map((row) =>
      checkOrganizationDomain(deps, row).catch((error: unknown) =>
        deps.logger.warn({ err: error, domainId: row.id }, 'e-mail domain check failed'),
      ),
    ),
  );
  return claimed.length;
}

/** Registered in services/jobs/worker.ts. */
export const organizationDomainCheckTask = {
  name: 'sso.domain-checks',
  everyMs: 1000,
  run: async (deps: AppDeps) => {
    await runDueOrganizationDomainChecks(deps);
  },
};

/** The organization that holds `domain` verified (sign-in through SSO and the policies use it). */
export async function organizationForVerifiedDomain(
  deps: Pick<AppDeps, 'db'>,
  domain: string,
): Promise<{ organization_id: number } | undefined> {
  return deps.db
    .selectFrom('organization_domains')
    .select('organization_id')
    .where('domain', '=', domain.toLowerCase())
    .where('status', '=', 'verified')
    .executeTakeFirst();
}
