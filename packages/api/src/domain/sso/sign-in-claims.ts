import type { AppDeps } from '../../core/app-deps';
import { SSO_FAILURE_REASONS } from '../../contracts/sso';
import type { ConnectionRow } from './oidc-client';

/** A sign-in refused for a reason the organization's admins see; the person sees one message. */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly email: string | null = null,
  ) {
    super(reason);
  }
}

function stringClaim(claims: Record<string, unknown>, name: string): string {
  const value = claims[name];
  return typeof value === 'string' ? value : '';
}

/** The checks of the claims beyond the ID token's own (done by openid-client). */
export async function checkClaims(
  deps: AppDeps,
  connection: ConnectionRow,
  claims: Record<string, unknown>,
): Promise<{ email: string; name: string; subject: string; groups: string[] }> {
  const email = stringClaim(claims, 'email').trim().toLowerCase();
  if (!email) throw new SsoRefusal(SSO_FAILURE_REASONS.emailMissing);
  if (claims.email_verified !== true)
    throw new SsoRefusal(SSO_FAILURE_REASONS.emailUnverified, email);
  const verified = await deps.db
    .selectFrom('organization_domains')
    .select('domain')
    .where('organization_id', '=', connection.organization_id)
    .where('status', '=', 'verified')
    .execute();
  const domains = verified.map((d) => d.domain);
  if (connection.preset === 'google') {
    const hd = stringClaim(claims, 'hd').toLowerCase();
    if (!domains.includes(hd)) throw new SsoRefusal(SSO_FAILURE_REASONS.hd(hd), email);
  }
  if (connection.preset === 'entra') {
    const tid = stringClaim(claims, 'tid').toLowerCase();
    if (!tid || tid !== connection.entra_tenant_id)
      throw new SsoRefusal(SSO_FAILURE_REASONS.tid(tid), email);
  }
  const domain = email.split('@')[1] ?? '';
  if (!domains.includes(domain))
    throw new SsoRefusal(SSO_FAILURE_REASONS.unknownUser(email), email);
  const groups = Array.isArray(claims.groups)
    ? claims.groups.filter((g): g is string => typeof g === 'string')
    : [];
  return {
    email,
    name: stringClaim(claims, 'name').trim() || email.split('@')[0]!,
    subject: stringClaim(claims, 'sub'),
    groups,
  };
}
