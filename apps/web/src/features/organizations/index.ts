/** The public face of features/organizations: other features and the pages import from here only. */
export * from './CreateOrganizationForm';
export * from './EditOrganizationForm';
export * from './OrganizationCard';
export * from './SubdomainStatus';
export * from './type-icon';
export * from './types';
export * from './use-site-config';
export * from './use-subdomain-check';
