/** Background job types of the instance lifecycle. */
export const PROVISION_JOB = 'instances.provision';
export const CERTIFICATE_JOB = 'instances.certificate';
