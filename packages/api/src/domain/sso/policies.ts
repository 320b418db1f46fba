import type { AppDeps } from '../../core/app-deps';
import { SSO_POLICY_TEXTS } from '../../contracts/sso';
import { AppError } from '../../core/errors';
import { upsertRow } from '../../core/upsert-row';
import type { ClientInfo } from '../../core/client-info';
import { recordOrganizationActivity } from '../activity';
import type { MemberOrganization } from '../memberships';
import { toIso } from '../../core/iso-date';
import { organizationForSso } from './connection-lookup';
import type { PolicyOutput } from './sso-schemas';

type Req = ClientInfo;
type Actor = { id: number };

/** Sessions made by single sign-on carry this method prefix (sign-in-complete.ts). */
export const SSO_SESSION_METHOD_PREFIX = 'SSO — ';

export type PolicyInput = { require_sso?: boolean; require_two_factor?: boolean };

/** The link that starts single sign-on for an address (a 302 to the identity provider). */
export function ssoStartUrl(appUrl: string, email: string): string {
  return `${appUrl.replace(/\/$/, '')}/api/v1/sso/start?email=${encodeURIComponent(email)}`;
}

async function policyRow(deps: Pick<AppDeps, 'db'>, organizationId: number) {
  return deps.db
    .selectFrom('sso_policies')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

async function verifiedDomains(deps: Pick<AppDeps, 'db'>, organizationId: number) {
  const rows = await deps.db
    .selectFrom('organization_domains')
    .select('domain')
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'verified')
    .orderBy('domain')
    .execute();
  return rows.map((r) => r.domain);
}

/** Members (not the owner) whose e-mail is at one of `domains`: who Require SSO covers. */
async function coveredMembers(
  deps: Pick<AppDeps, 'db'>,
  org: { id: number; owner_id: number },
  domains: string[],
) {
  if (domains.length === 0) return [];
  const members = await deps.db
    .selectFrom('organization_members')
    .innerJoin('users', 'users.id', 'organization_members.user_id')
    .select(['users.id', 'users.email'])
    .where('organization_members.organization_id', '=', org.id)
    .where('users.id', '!=', org.owner_id)
    .execute();
  return members.filter((m) => domains.includes(m.email.toLowerCase().split('@')[1] ?? ''));
}

async function describePolicy(deps: AppDeps, org: MemberOrganization): Promise<PolicyOutput> {
  const row = await policyRow(deps, org.id);
  const domains = await verifiedDomains(deps, org.id);
  const tested = await deps.db
    .selectFrom('sso_connections')
    .select('display_name')
    .where('organization_id', '=', org.id)
    .where('tested_at', 'is not', null)
    .orderBy('tested_at', 'desc')
    .executeTakeFirst();
  const covered = await coveredMembers(deps, org, domains);
  return {
    require_sso: row?.require_sso ?? false,
    require_two_factor: row?.require_two_factor ?? false,
    can_require_sso: !!tested,
    require_sso_blocked_reason: tested ? null : SSO_POLICY_TEXTS.testFirst,
    tested_connection: tested?.display_name ?? null,
    verified_domains: domains,
    covered_member_count: covered.length,
    updated_at: toIso(row?.updated_at ?? null),
  };
}

export async function getPolicy(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
): Promise<PolicyOutput> {
  const org = await organizationForSso(deps, actor, organizationUuid);
  return describePolicy(deps, org);
}

/**
 * Changes the organization's sign-in policies. Require SSO needs a connection whose test
 * succeeded; switching it on ends the sessions of covered members that did not come through
 * single sign-on (the owner's stay: break-glass).
 */
export async function updatePolicy(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  input: PolicyInput,
): Promise<PolicyOutput> {
  const org = await organizationForSso(deps, actor, organizationUuid);
  const before = await describePolicy(deps, org);
  const requireSso = input.require_sso ?? before.require_sso;
  const requireTwoFactor = input.require_two_factor ?? before.require_two_factor;
  if (requireSso && !before.require_sso && !before.can_require_sso) {
    throw new AppError('VALIDATION_ERROR', SSO_POLICY_TEXTS.testFirst, {
      errors: { require_sso: [SSO_POLICY_TEXTS.testFirst] },
    });
  }
  const now = deps.clock.now();
  const policy = {
    require_sso: requireSso,
    require_two_factor: requireTwoFactor,
    updated_by: actor.id,
    updated_at: now,
  };
  await upsertRow(deps.db, 'sso_policies', { organization_id: org.id }, policy);

  let revoked = 0;
  if (requireSso && !before.require_sso) {
    const covered = await coveredMembers(deps, org, before.verified_domains);
    if (covered.length > 0) {
      const result = await deps.db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where(
          'user_id',
          'in',
          covered.map((m) => m.id),
        )
        .where('revoked_at', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('session_sign_in_methods')
                .select('session_sign_in_methods.session_id')
                .whereRef('session_sign_in_methods.session_id', '=', 'sessions.id')
                .where('session_sign_in_methods.method', 'like', `${SSO_SESSION_METHOD_PREFIX}%`),
            ),
          ),
        )
        .executeTakeFirst();
      revoked = Number(result.numUpdatedRows);
    }
  }
  const changes: string[] = [];
  if (requireSso !== before.require_sso)
    changes.push(`Require single sign-on ${requireSso ? 'on' : 'off'}`);
  if (requireTwoFactor !== before.require_two_factor)
    changes.push(`Require two-factor ${requireTwoFactor ? 'on' : 'off'}`);
  if (changes.length > 0) {
    await recordOrganizationActivity(deps, req, deps.db, actor.id, {
      action: 'sso.policy_changed',
      description: `${changes.join(', ')} for ${org.name}${revoked > 0 ? ` (${revoked} sessions ended)` : ''}`,
      severity: 'medium',
    });
  }
  return describePolicy(deps, org);
}
