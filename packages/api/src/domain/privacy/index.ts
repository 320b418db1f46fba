/**
 * The privacy area's public face: account deletion and restore, password re-confirmation, data
 * exports, organization closure, retention and the purge of deleted accounts. The top of the
 * account areas: it uses accounts (what a deletion ends) and nothing below imports it.
 */
export * from './account-deletion';
export * from './reauth';
export * from './data-exports';
export * from './organization-closure';
export * from './retention';
export * as dataExports from './data-exports';
export * as accountPurge from './account-purge';
export * as retention from './retention';
export * as organizationClosure from './organization-closure';
export { dataExportJobHandlers } from './data-exports/export-job';
export { listDataExports } from './data-exports/requests';
export { restoreOrganization } from './organization-closure/closure';
