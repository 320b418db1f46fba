/** The `organizationClosure` face of the API package: closing, restoring and the day-60 purge. */
export * from './closure';
export * from './purge';
export { organizationExportEntries } from '../organization-export/entries';
export { ORGANIZATION_EXPORT_FILES } from '../organization-export/readme';
