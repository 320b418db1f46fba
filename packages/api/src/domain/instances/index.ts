/** The instances area's public face: other areas, the transport and the composition root import it from here. */
export { checkInstanceCertificate } from './certificate-check';
export { claimDueInstances } from './claim-due';
export { deployInstance } from './deploy';
export { instanceHealth, pruneHealthChecks } from './health-history';
export { instanceHealthSchema, instancesUptimeSchema } from './health-schema';
export { instanceEventObject } from './instance-events';
export { toInstanceOutput, type InstanceOutput } from './instance-output';
export { instanceSchema } from './instance-schema';
export { findMemberInstance, getInstance, listInstances } from './instances';
export {
  instanceHealthCheckTask,
  instanceInfrastructure,
  instanceJobHandlers,
  runDueHealthChecks,
  type InstanceInfrastructure,
} from './lifecycle';
export {
  CUSTOM_DOMAIN_UNIQUE,
  assertDomainFree,
  customDomainOrThrow,
  domainHolder,
  newCustomDomain,
  throwIfDomainTaken,
} from './new-domain';
export { changeInstanceStatus, deleteInstance } from './status-and-delete';
export { instancesUptime } from './uptime-days';
