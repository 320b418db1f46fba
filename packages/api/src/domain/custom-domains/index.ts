/** The custom-domains area's public face: other areas, the transport and the composition root import it from here. */
export { certificateCheckTask, runDueCertificateChecks } from './certificates';
export { removeCustomDomain, setCustomDomain, verifyCustomDomain } from './custom-domains';
export { checkTxtToken } from './dns-check';
export { domainBackoffMs, domainCheckTask, runDueDomainChecks } from './domain-checks';
export { isServedHost } from './served-hosts';
