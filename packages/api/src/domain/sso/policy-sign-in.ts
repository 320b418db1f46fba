import type { AppDeps } from '../../core/app-deps';
import { SSO_POLICY_TEXTS } from '../../contracts/sso';
import { AppError } from '../../core/errors';
import type { ClientInfo } from '../../core/client-info';
import { recordActivity } from '../activity';
import { sendOrganizationNotice } from '../memberships';
import type { SessionUser } from '../sessions';
import { ssoStartUrl } from './policies';

/**
 * Require SSO at sign-in (issue 37): password and passkey sign-ins of covered members are
 * refused with the link to the identity provider; the owner's break-glass is recorded and
 * e-mailed. The policy itself is in policies.ts.
 */
type Req = ClientInfo;

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
    await sendOrganizationNotice(deps, org.id, recipient, {
      kind: 'sso-break-glass',
      subject,
      paragraphs: [
        `${user.name} (${user.email}), the owner of ${org.name}, signed in at ${at} UTC with ${how} instead of single sign-on (break-glass), from ${req.ip ?? 'an unknown address'}.`,
        'Your organization requires single sign-on; only the owner may sign in this way. If this was not expected, review the owner account and its sessions.',
      ],
      action: {
        label: 'Open the Security tab',
        url: `${deps.config.appUrl}/dashboard/organizations/${org.uuid}?tab=security`,
      },
    });
  }
}
