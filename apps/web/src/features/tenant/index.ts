/** The public face of features/tenant: other features and the pages import from here only. */
export * from './TenantProvider';
