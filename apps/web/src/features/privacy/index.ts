/** The public face of features/privacy: other features and the pages import from here only. */
export * from './DeleteAccountCard';
export * from './YourDataCard';
export * from './data-export-download';
export * from './useReauth';
export * from './OrganizationDataCard';
export * from './CloseOrganization';
export * from './ClosingBanner';
