/** Texts and kinds of organizations (spec part 2 §5, §9). */

export const ORGANIZATION_TEXTS = {
  nameRequired: 'Organization name is required',
  typeRequired: 'Organization type is required',
  editNameRequired: 'Organisation name is required',
  editTypeRequired: 'Organisation type is required',
  deleteConfirm: 'Are you sure you want to delete this organisation? This action cannot be undone.',
  notFound: 'Organization not found',
  liveSubscription:
    'This organization has an active subscription. Cancel the subscription before deleting the organization.',
  subdomainUpdated: 'Organization subdomain updated successfully.',
  created: 'Organization created successfully.',
  updated: 'Organization updated successfully.',
  deleted: 'Organization deleted successfully.',
} as const;

export const ORGANIZATION_TYPES = ['school', 'camp', 'other'] as const;
export type OrganizationTypeValue = (typeof ORGANIZATION_TYPES)[number];
