/** The public face of features/billing: other features and the pages import from here only. */
export * from './OrganizationBilling';
export * from './format';
