import { router } from '../../trpc';
import { contact } from './contact';
import { getInstanceBranding } from './get-instance-branding';
import { getOrganizationBranding } from './get-organization-branding';
import { getSiteConfig } from './get-site-config';
import { getTenantBranding } from './get-tenant-branding';
import { recordPageView } from './record-page-view';

/** Procedures of the public site area: they answer without signing in. */
export const publicSiteRouter = router({
  contact,
  tenantBranding: getTenantBranding,
  organizationBranding: getOrganizationBranding,
  instanceBranding: getInstanceBranding,
  siteConfig: getSiteConfig,
  analyticsPageview: recordPageView,
});
