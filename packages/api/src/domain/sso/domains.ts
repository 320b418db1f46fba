import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../core/app-deps';
import type { ClientInfo } from '../../core/client-info';
import { MAX_ORGANIZATION_DOMAINS, SSO_DOMAIN_TEXTS } from '../../contracts/sso';
import { AppError } from '../../core/errors';
import { recordOrganizationActivity } from '../activity';
import { managedRowFinder, type MemberOrganization } from '../memberships';
import { organizationForSso, removeSetting, type SettingTarget } from './connection-lookup';
import { isUniqueViolation } from '../../core/unique-violation';
import { organizationRowOr404 } from '../../core/organization-rows';
import { checkOrganizationDomain } from './domain-checks';
import { emailDomainOrThrow, invalid } from './domain-names';
import { toDomainOutput, verifiedElsewhere, type DomainRow } from './domain-records';
import type { OrganizationDomainOutput } from './sso-schemas';
import { countRows } from '../../core/matching-rows';

type Req = ClientInfo;
type Actor = { id: number };

/** The organization the caller manages SSO for and its e-mail domain `uuid`. */
const domainOf = managedRowFinder('organization_domains', SSO_DOMAIN_TEXTS.notFound);

function findDomain(deps: AppDeps, org: MemberOrganization, uuid: string) {
  return organizationRowOr404(
    deps.db,
    'organization_domains',
    org.id,
    uuid,
    SSO_DOMAIN_TEXTS.notFound,
  );
}

export async function addDomain(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  raw: string,
): Promise<OrganizationDomainOutput> {
  const org = await organizationForSso(deps, actor, organizationUuid);
  const domain = emailDomainOrThrow(deps, raw);
  if (await verifiedElsewhere(deps, domain, org.id)) {
    throw new AppError('CONFLICT', SSO_DOMAIN_TEXTS.takenElsewhere, {
      errors: { domain: [SSO_DOMAIN_TEXTS.takenElsewhere] },
    });
  }
  const count = await countRows(
    deps.db.selectFrom('organization_domains').where('organization_id', '=', org.id),
  );
  if (count >= MAX_ORGANIZATION_DOMAINS) throw invalid(SSO_DOMAIN_TEXTS.tooMany);
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
  await recordOrganizationActivity(deps, req, deps.db, actor.id, {
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
  const { org, row } = await domainOf(deps, actor, organizationUuid, uuid);
  const after = await checkOrganizationDomain(deps, row);
  if (after.status === 'pending' && after.reason === SSO_DOMAIN_TEXTS.takenElsewhere) {
    throw new AppError('CONFLICT', SSO_DOMAIN_TEXTS.takenElsewhere);
  }
  if (after.status === 'verified' && row.status !== 'verified') {
    await recordOrganizationActivity(deps, req, deps.db, actor.id, {
      action: 'sso.domain_verified',
      description: `Verified the e-mail domain ${row.domain} of ${org.name}`,
    });
  }
  return toDomainOutput(after);
}

export async function removeDomain(...target: SettingTarget): Promise<void> {
  await removeSetting(target, {
    table: 'organization_domains',
    find: findDomain,
    action: 'sso.domain_removed',
    describe: (row, organization) => `Removed the e-mail domain ${row.domain} from ${organization}`,
  });
}
