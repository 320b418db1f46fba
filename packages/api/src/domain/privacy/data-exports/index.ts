/** The `dataExports` face of the API package: requests, downloads, the build job and its sweep. */
export * from './output';
export * from './requests';
export * from './download';
export * from './export-job';
