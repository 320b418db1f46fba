export * from './cache';
export * from './dashboard-summary';
export * from './resolve';
export * from './tenant-branding';
export * from './page-views';
export * from './instance-branding';
export * from './portal';
