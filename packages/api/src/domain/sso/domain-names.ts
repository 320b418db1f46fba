import { parse as parseDomain } from 'tldts';
import type { AppDeps } from '../../core/app-deps';
import { parseCustomDomain } from '../../contracts/custom-domain';
import { SSO_DOMAIN_TEXTS, isPublicMailboxDomain } from '../../contracts/sso';
import { AppError } from '../../core/errors';

export function invalid(message: string): AppError {
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
