import type { AppDeps } from '../../core/app-deps';
import { SSO_POLICY_TEXTS } from '../../contracts/sso';
import { AppError } from '../../core/errors';
import { isUuid } from '../../core/uuid';
import type { SessionUser } from '../sessions';
import { SSO_SESSION_METHOD_PREFIX } from './policies';
import { organizationsRequiringTwoFactor } from './two-factor-policy-cache';
import { rowExists } from '../../core/matching-rows';

/** A passkey counts as a second factor (Require two-factor; the password sign-in's second step). */
export async function hasPasskey(db: AppDeps['db'], userId: number): Promise<boolean> {
  return rowExists(db.selectFrom('passkeys').where('user_id', '=', userId));
}

/**
 * Require two-factor: an organization-scoped call by a member without TOTP or a passkey, whose
 * session did not come through single sign-on (an API token never does), answers 403
 * TWO_FACTOR_REQUIRED until they enrol. Members with two-factor on pass with no query, and so does
 * everyone while no organization requires it or the one called is not among those that do (the
 * set is cached: two-factor-policy-cache.ts).
 */
export async function enforceTwoFactorPolicy(
  deps: Pick<AppDeps, 'db' | 'twoFactorPolicyCache'>,
  user: SessionUser,
  sessionId: number | null,
  organization: { uuid?: string; instanceUuid?: string },
): Promise<void> {
  if (user.two_factor_enabled) return;
  const requiring = await organizationsRequiringTwoFactor(deps);
  if (requiring.size === 0) return;
  // The set holds uuids as the database writes them (lower case); a path may spell one in capitals.
  if (organization.uuid && !requiring.has(organization.uuid.toLowerCase())) return;
  let query = deps.db
    .selectFrom('sso_policies')
    .innerJoin('organizations', 'organizations.id', 'sso_policies.organization_id')
    .innerJoin('organization_members', 'organization_members.organization_id', 'organizations.id')
    .select(['organizations.name', 'organizations.uuid'])
    .where('sso_policies.require_two_factor', '=', true)
    .where('organization_members.user_id', '=', user.id);
  if (organization.uuid) {
    if (!isUuid(organization.uuid)) return;
    query = query.where('organizations.uuid', '=', organization.uuid);
  } else if (organization.instanceUuid) {
    if (!isUuid(organization.instanceUuid)) return;
    const instanceUuid = organization.instanceUuid;
    query = query.where('organizations.id', 'in', (eb) =>
      eb
        .selectFrom('instances')
        .select('instances.organization_id')
        .where('instances.uuid', '=', instanceUuid),
    );
  } else return;
  const org = await query.executeTakeFirst();
  if (!org) return;
  if (await hasPasskey(deps.db, user.id)) return;
  if (sessionId !== null) {
    const method = await deps.db
      .selectFrom('session_sign_in_methods')
      .select('method')
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    if (method?.method.startsWith(SSO_SESSION_METHOD_PREFIX)) return;
  }
  throw new AppError('TWO_FACTOR_REQUIRED', SSO_POLICY_TEXTS.twoFactorRequired(org.name), {
    extra: { organization_uuid: org.uuid, two_factor_setup_url: '/dashboard/security' },
  });
}

/** Which organization an organization-scoped operation's input names (by its REST path). */
export function organizationOfInput(
  path: string,
  input: unknown,
): { uuid?: string; instanceUuid?: string } {
  if (!input || typeof input !== 'object') return {};
  const fields = input as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  if (path.startsWith('/organizations/{id}') || path.startsWith('/branding/{id}'))
    return { uuid: text(fields.id) };
  if (typeof fields.organization_uuid === 'string') return { uuid: fields.organization_uuid };
  if (path.startsWith('/instances/{uuid}')) return { instanceUuid: text(fields.uuid) };
  return {};
}
