import type { AccountsTables } from './tables/accounts';
import type { ApiTokensTables } from './tables/api-tokens';
import type { IdempotentRequestsTables } from './tables/idempotent-requests';
import type { WebhooksTables } from './tables/webhooks';
import type { BillingTables } from './tables/billing';
import type { BrandingTables } from './tables/branding';
import type { CoreTables } from './tables/core';
import type { OrganizationsTables } from './tables/organizations';
import type { PasskeysTables } from './tables/passkeys';
import type { PlatformFiguresTables } from './tables/platform-figures';
import type { ProfileTables } from './tables/profile';
import type { PrivacyTables } from './tables/privacy';
import type { PublicSiteTables } from './tables/public-site';
import type { SsoTables } from './tables/sso';
import type { SupportTables } from './tables/support';
import type { TwoFactorTables } from './tables/two-factor';

/** Every table of the product, one type per area (see ./tables). */
export type Database = CoreTables &
  AccountsTables &
  TwoFactorTables &
  PasskeysTables &
  ApiTokensTables &
  IdempotentRequestsTables &
  WebhooksTables &
  OrganizationsTables &
  BrandingTables &
  SupportTables &
  BillingTables &
  ProfileTables &
  PublicSiteTables &
  PlatformFiguresTables &
  PrivacyTables &
  SsoTables;
