/**
 * Hosts: what a request's Host names (the product, an instance's host or served custom domain, a
 * tenant subdomain). A low area read by public-branding, custom-domains and the server's routing.
 */
export { appHostname, hostnameOf, resolveHost, type ResolvedHost } from './host-resolution';
