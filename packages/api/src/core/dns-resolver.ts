import { Resolver } from 'node:dns/promises';
import type { AppConfig } from './config';

/** Node's resolver, asking DNS_SERVERS when set (tests point it at a DNS server on loopback). */
export function createDnsResolver(config: Pick<AppConfig, 'domains'>): Resolver {
  const resolver = new Resolver({ timeout: config.domains.dnsTimeoutMs, tries: 2 });
  if (config.domains.dnsServers.length > 0) resolver.setServers(config.domains.dnsServers);
  return resolver;
}
