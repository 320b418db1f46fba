import type { AppDeps } from '../../app-deps';
import { SSO_POLICY_TEXTS } from '../../contracts/sso';
import { AppError } from '../../errors';
import type { Context } from '../../request-context';
import { recordActivity } from '../activity/record-activity';
import { organizationMail } from '../organizations/member-mail';
import type { MemberOrganization } from '../organizations/membership';
import { isUuid, toIso } from '../organizations/shared';
import type { SessionUser } from '../sessions';
import { organizationForSso } from './connections';

type Req = Pick<Context['req'], 'ip' | 'userAgent'>;
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

async function describePolicy(deps: AppDeps, org: MemberOrganization) {
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
export type PolicyOutput = Awaited<ReturnType<typeof describePolicy>>;

export async function getPolicy(deps: AppDeps, actor: Actor, organizationUuid: string) {
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
  await deps.db
    .insertInto('sso_policies')
    .values({
      organization_id: org.id,
      require_sso: requireSso,
      require_two_factor: requireTwoFactor,
      updated_by: actor.id,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('organization_id').doUpdateSet({
        require_sso: requireSso,
        require_two_factor: requireTwoFactor,
        updated_by: actor.id,
        updated_at: now,
      }),
    )
    .execute();

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
    await recordActivity(deps, req, {
      userId: actor.id,
      type: 'organization',
      action: 'sso.policy_changed',
      description: `${changes.join(', ')} for ${org.name}${revoked > 0 ? ` (${revoked} sessions ended)` : ''}`,
      severity: 'medium',
    });
  }
  return describePolicy(deps, org);
}

/** The organization whose Require SSO covers this account (its e-mail domain), if any. */
async function requiringOrganization(deps: Pick<AppDeps, 'db'>, user: SessionUser) {
  const domain = user.email.toLowerCase().split('@')[1] ?? '';
  if (!domain) return undefined;
  return (
    deps.db
      .selectFrom('organization_domains')
      .innerJoin(
        'sso_policies',
        'sso_policies.organization_id',
        'organization_domains.organization_id',
      )
      .innerJoin('organizations', 'organizations.id', 'organization_domains.organization_id')
      .innerJoin('organization_members', (join) =>
        join
          .onRef('organization_members.organization_id', '=', 'organizations.id')
          .on('organization_members.user_id', '=', user.id),
      )
      .select([
        'organizations.id',
        'organizations.uuid',
        'organizations.name',
        'organizations.owner_id',
      ])
      .where('organization_domains.domain', '=', domain)
      .where('organization_domains.status', '=', 'verified')
      .where('sso_policies.require_sso', '=', true)
      // Without any connection left there is nowhere to send them: the policy rests.
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('sso_connections')
            .select('sso_connections.id')
            .whereRef('sso_connections.organization_id', '=', 'organizations.id'),
        ),
      )
      .executeTakeFirst()
  );
}

function ssoRequired(deps: AppDeps, user: SessionUser, message: string): AppError {
  return new AppError('SSO_REQUIRED', message, {
    extra: { sso_url: ssoStartUrl(deps.config.appUrl, user.email) },
  });
}

export type SignInPolicy = { breakGlass: { id: number; uuid: string; name: string } | null };

/**
 * Before a password or passkey sign-in gives a session (or a two-factor step): a member covered
 * by Require SSO is refused with 403 SSO_REQUIRED and the link to the identity provider. The
 * organization's owner passes (break-glass) with a second factor: a password with two-factor
 * authentication on, or a passkey (both factors).
 */
export async function checkSignInPolicy(
  deps: AppDeps,
  user: SessionUser,
  method: 'password' | 'passkey',
): Promise<SignInPolicy> {
  const org = await requiringOrganization(deps, user);
  if (!org) return { breakGlass: null };
  if (org.owner_id !== user.id) throw ssoRequired(deps, user, SSO_POLICY_TEXTS.ssoRequired);
  if (method === 'password' && !user.two_factor_enabled)
    throw ssoRequired(deps, user, SSO_POLICY_TEXTS.breakGlassNeedsSecondFactor);
  return { breakGlass: { id: org.id, uuid: org.uuid, name: org.name } };
}

/** A break-glass sign-in: in the owner's activity and e-mailed to the owner and the admins. */
export async function recordBreakGlass(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  org: { id: number; uuid: string; name: string },
  how: string,
): Promise<void> {
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'security',
    action: 'sso.break_glass',
    description: `Break-glass sign-in to ${org.name} without single sign-on (${how})`,
    severity: 'high',
  });
  const recipients = await deps.db
    .selectFrom('organization_members')
    .innerJoin('users', 'users.id', 'organization_members.user_id')
    .select(['users.id', 'users.email', 'users.name'])
    .where('organization_members.organization_id', '=', org.id)
    .where('organization_members.role', 'in', ['owner', 'admin'])
    .execute();
  const subject = SSO_POLICY_TEXTS.breakGlassSubject(org.name);
  const at = deps.clock.now().toISOString().replace('T', ' ').slice(0, 16);
  for (const recipient of recipients) {
    const mail = await organizationMail(
      deps,
      org.id,
      { to: recipient.email, subject, kind: 'sso-break-glass', userId: recipient.id },
      {
        title: subject,
        paragraphs: [
          `Hello ${recipient.name},`,
          `${user.name} (${user.email}), the owner of ${org.name}, signed in at ${at} UTC with ${how} instead of single sign-on (break-glass), from ${req.ip ?? 'an unknown address'}.`,
          'Your organization requires single sign-on; only the owner may sign in this way. If this was not expected, review the owner account and its sessions.',
        ],
        action: {
          label: 'Open the Security tab',
          url: `${deps.config.appUrl}/dashboard/organizations/${org.uuid}?tab=security`,
        },
      },
    );
    await deps.mailer.send(mail);
  }
}

/**
 * Require two-factor: an organization-scoped call by a member without TOTP or a passkey, whose
 * session did not come through single sign-on (an API token never does), answers 403
 * TWO_FACTOR_REQUIRED until they enrol. Members with two-factor on pass with no query.
 */
export async function enforceTwoFactorPolicy(
  deps: Pick<AppDeps, 'db'>,
  user: SessionUser,
  sessionId: number | null,
  organization: { uuid?: string; instanceUuid?: string },
): Promise<void> {
  if (user.two_factor_enabled) return;
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
  const passkey = await deps.db
    .selectFrom('passkeys')
    .select('id')
    .where('user_id', '=', user.id)
    .limit(1)
    .executeTakeFirst();
  if (passkey) return;
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
