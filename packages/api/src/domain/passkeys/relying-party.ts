import type { AppConfig } from '../../core/config';

export type RelyingParty = { id: string; origin: string; name: string };

/**
 * The relying party is the product itself at APP_URL: its host is the RP id, its origin the only
 * accepted origin. Tenant and instance hosts are not relying parties, so a passkey made here is
 * never asked for, or accepted, on them.
 */
export function relyingPartyOf(
  config: Pick<AppConfig, 'appUrl' | 'productShortName'>,
): RelyingParty {
  const url = new URL(config.appUrl);
  return { id: url.hostname, origin: url.origin, name: config.productShortName };
}
