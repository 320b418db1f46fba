import { router } from '../../trpc';
import { contact } from './contact';
import { dashboardOverview } from './get-dashboard-overview';
import { dashboardSummary } from './get-dashboard-summary';
import { instanceBranding } from './get-instance-branding';
import { organizationBranding } from './get-organization-branding';
import { siteConfig } from './get-site-config';
import { tenantBranding } from './get-tenant-branding';
import { analyticsPageview } from './record-page-view';

/** Procedures of the public site area. */
export const publicSiteRouter = router({
  contact,
  tenantBranding,
  organizationBranding,
  instanceBranding,
  siteConfig,
  analyticsPageview,
  dashboardSummary,
  dashboardOverview,
});
