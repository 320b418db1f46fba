/** The public face of features/instances: other features and the pages import from here only. */
export * from './CustomDomainCard';
export * from './DeployInstanceForm';
export * from './InstanceCard';
export * from './InstanceHealthCard';
export * from './InstanceLinks';
export * from './InstanceUptimeRow';
export * from './SslBadge';
export * from './confirm-suspend';
export * from './plan-status';
export * from './types';
export * from './use-instance-status';
