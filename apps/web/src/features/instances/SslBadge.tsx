import { LazyTooltip } from '../../lib/LazyTooltip';
import { SSL_STATUS_LABELS, type SslStatusValue } from '@scmp/api/contracts/custom-domain';
import { StatusBadge } from '@scmp/ui';
import type { Instance } from './types';
import { formatDate } from '../../lib/format';

/** What the last certificate check saw, in words; the hover text adds issuer, expiry or reason. */
export function sslDetail(instance: Instance): string {
  if (instance.ssl_status === 'not_configured')
    return 'No TLS proxy is configured for this deployment (PUBLIC_HTTPS=false), so no certificate is checked.';
  const parts = [
    instance.ssl_reason,
    instance.ssl_issuer ? `Issued by ${instance.ssl_issuer}` : null,
    instance.ssl_expires_at ? `expires ${formatDate(instance.ssl_expires_at)}` : null,
    instance.ssl_checked_at ? `checked ${formatDate(instance.ssl_checked_at, true)}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'Not checked yet';
}

/** The spec's SSL status badge, with the real state of the certificate check. */
export function SslBadge({ instance }: { instance: Instance }) {
  const label = SSL_STATUS_LABELS[instance.ssl_status as SslStatusValue] ?? instance.ssl_status;
  return (
    <LazyTooltip label={sslDetail(instance)} multiline w={280} withArrow>
      <StatusBadge status={instance.ssl_status} label={`SSL: ${label}`} />
    </LazyTooltip>
  );
}
