/**
 * Client-safe runtime contracts: zod inputs, rules, message texts, plans and prices.
 * Imports only zod and other contracts, so the web bundle may use them.
 */
export * from './branding';
export * from './branding-defaults';
export * from './plans';
export * from './product';
export * from './support';
export * from './subdomain';
export * from './roles';
export * from './custom-domain';
export * from './front-page';
export * from './sso';
export * from './organization-closure';
