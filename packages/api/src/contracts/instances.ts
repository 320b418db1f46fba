/** Texts of instances (spec part 2 §5, §9). */

export const INSTANCE_TEXTS = {
  organizationRequired: 'Organization is required',
  nameRequired: 'Instance name is required',
  customDomainUrl: 'Custom domain must be a valid URL',
  needsSubdomain:
    'This organization needs a subdomain before instances can be created. Set one on the Tenant Subdomain page first.',
  hostTaken: 'This instance subdomain is already in use for this organization',
  hostTooLong: 'The instance host name would be longer than 63 characters; choose a shorter prefix',
  notFound: 'Instance not found',
  suspendOnlyActive: 'Only an active instance can be suspended.',
  resumeOnlySuspended: 'Only a suspended instance can be resumed.',
  deployed: 'Instance deployment started.',
  suspended: 'Instance suspended successfully.',
  resumed: 'Instance resumed successfully.',
} as const;
