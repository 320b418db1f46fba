/**
 * Client-safe runtime contracts: zod inputs, rules, message texts, plans and prices.
 * Imports only zod and other contracts, so the web bundle may use them.
 */
export * from './branding';
export * from './branding-schemas';
export * from './branding-defaults';
export * from './plans';
export * from './product';
export * from './support';
export * from './support-schemas';
export * from './subdomain';
export * from './subdomain-schemas';
export * from './organizations';
export * from './instances';
export * from './roles';
export * from './custom-domain';
export * from './front-page';
export * from './front-page-schemas';
export * from './sso';
export * from './organization-closure';
