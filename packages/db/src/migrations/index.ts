import type { Migration } from 'kysely/migration';
import * as m_2026_11_22_100000 from './2026_11_22_100000_core';
import * as m_2026_11_22_101000 from './2026_11_22_101000_accounts';
import * as m_2026_11_22_102000 from './2026_11_22_102000_two_factor';
import * as m_2026_11_22_103000 from './2026_11_22_103000_organizations';
import * as m_2026_11_22_104000 from './2026_11_22_104000_branding';
import * as m_2026_11_22_105000 from './2026_11_22_105000_support';
import * as m_2026_11_22_106000 from './2026_11_22_106000_billing';
import * as m_2026_11_22_107000 from './2026_11_22_107000_profile';
import * as m_2026_11_22_108000 from './2026_11_22_108000_public_site';
import * as m_2026_11_22_200000 from './2026_11_22_200000_stripe_objects';
import * as m_2026_11_22_210000 from './2026_11_22_210000_indexes';
import * as m_2026_11_22_220000 from './2026_11_22_220000_session_change_notify';
import * as m_2026_11_22_230000 from './2026_11_22_230000_organization_list_notify';
import * as m_2026_11_22_240000 from './2026_11_22_240000_rate_limit_expiry';
import * as m_2026_11_22_250500 from './2026_11_22_250500_login_challenge_tokens';
import * as m_2026_11_24_100000 from './2026_11_24_100000_organization_members';
import * as m_2026_11_25_100000 from './2026_11_25_100000_passkeys';
import * as m_2026_11_25_105000 from './2026_11_25_105000_jobs_unique_key';
import * as m_2026_11_25_110000 from './2026_11_25_110000_api_tokens';
import * as m_2026_11_25_130000 from './2026_11_25_130000_idempotent_requests';
import * as m_2026_11_25_150000 from './2026_11_25_150000_webhooks';
import * as m_2026_11_26_100000 from './2026_11_26_100000_custom_domains';
import * as m_2026_11_26_110000 from './2026_11_26_110000_instance_health_checks';
import * as m_2026_11_26_140000 from './2026_11_26_140000_platform_figures';
import * as m_2026_11_26_150000 from './2026_11_26_150000_instance_health_days';
import * as m_2026_11_27_100000 from './2026_11_27_100000_email_changes';
import * as m_2026_11_27_110000 from './2026_11_27_110000_custom_domain_claims';
import * as m_2026_11_27_120000 from './2026_11_27_120000_instance_front_page';
import * as m_2026_11_27_150000 from './2026_11_27_150000_organization_domains';
import * as m_2026_11_27_150100 from './2026_11_27_150100_sso_connections';
import * as m_2026_11_27_160000 from './2026_11_27_160000_session_reauthentications';
import * as m_2026_11_27_160100 from './2026_11_27_160100_data_exports';
import * as m_2026_11_27_160200 from './2026_11_27_160200_account_deletions';
import * as m_2026_11_28_100000 from './2026_11_28_100000_sso_saml';
import * as m_2026_11_28_110000 from './2026_11_28_110000_sso_policies';
import * as m_2026_11_28_120000 from './2026_11_28_120000_organization_closure';
import * as m_2026_11_28_130000 from './2026_11_28_130000_retention_runs';
import * as m_2026_11_28_140000 from './2026_11_28_140000_drop_idempotency_keys';
import * as m_2026_11_29_130000 from './2026_11_29_130000_two_factor_policy_notify';

/** Every migration, in order: a static list so the bundled server needs no file scan. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_100000_core': m_2026_11_22_100000,
  '2026_11_22_101000_accounts': m_2026_11_22_101000,
  '2026_11_22_102000_two_factor': m_2026_11_22_102000,
  '2026_11_22_103000_organizations': m_2026_11_22_103000,
  '2026_11_22_104000_branding': m_2026_11_22_104000,
  '2026_11_22_105000_support': m_2026_11_22_105000,
  '2026_11_22_106000_billing': m_2026_11_22_106000,
  '2026_11_22_107000_profile': m_2026_11_22_107000,
  '2026_11_22_108000_public_site': m_2026_11_22_108000,
  '2026_11_22_200000_stripe_objects': m_2026_11_22_200000,
  '2026_11_22_210000_indexes': m_2026_11_22_210000,
  '2026_11_22_220000_session_change_notify': m_2026_11_22_220000,
  '2026_11_22_230000_organization_list_notify': m_2026_11_22_230000,
  '2026_11_22_240000_rate_limit_expiry': m_2026_11_22_240000,
  '2026_11_22_250500_login_challenge_tokens': m_2026_11_22_250500,
  '2026_11_24_100000_organization_members': m_2026_11_24_100000,
  '2026_11_25_100000_passkeys': m_2026_11_25_100000,
  '2026_11_25_105000_jobs_unique_key': m_2026_11_25_105000,
  '2026_11_25_110000_api_tokens': m_2026_11_25_110000,
  '2026_11_25_130000_idempotent_requests': m_2026_11_25_130000,
  '2026_11_25_150000_webhooks': m_2026_11_25_150000,
  '2026_11_26_100000_custom_domains': m_2026_11_26_100000,
  '2026_11_26_110000_instance_health_checks': m_2026_11_26_110000,
  '2026_11_26_140000_platform_figures': m_2026_11_26_140000,
  '2026_11_26_150000_instance_health_days': m_2026_11_26_150000,
  '2026_11_27_100000_email_changes': m_2026_11_27_100000,
  '2026_11_27_110000_custom_domain_claims': m_2026_11_27_110000,
  '2026_11_27_120000_instance_front_page': m_2026_11_27_120000,
  '2026_11_27_150000_organization_domains': m_2026_11_27_150000,
  '2026_11_27_150100_sso_connections': m_2026_11_27_150100,
  '2026_11_27_160000_session_reauthentications': m_2026_11_27_160000,
  '2026_11_27_160100_data_exports': m_2026_11_27_160100,
  '2026_11_27_160200_account_deletions': m_2026_11_27_160200,
  '2026_11_28_100000_sso_saml': m_2026_11_28_100000,
  '2026_11_28_110000_sso_policies': m_2026_11_28_110000,
  '2026_11_28_120000_organization_closure': m_2026_11_28_120000,
  '2026_11_28_130000_retention_runs': m_2026_11_28_130000,
  '2026_11_28_140000_drop_idempotency_keys': m_2026_11_28_140000,
  '2026_11_29_130000_two_factor_policy_notify': m_2026_11_29_130000,
};
