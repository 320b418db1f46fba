import type { AppConfig } from '../../core/config';
import { CHALLENGE_LABEL } from '../../contracts/custom-domain';

export type DnsRecord = { type: 'CNAME' | 'A' | 'AAAA' | 'TXT'; name: string; value: string };

/**
 * Second-level suffixes under which registrations are made (example.sch.uk is an apex). Short on
 * purpose: the schools and camps SCMP serves; anything else with two labels is an apex too.
 */
const REGISTRY_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'sch.uk',
  'ac.uk',
  'gov.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'net.uk',
  'com.au',
  'net.au',
  'org.au',
  'edu.au',
  'co.nz',
  'org.nz',
  'school.nz',
  'co.za',
  'org.za',
  'co.in',
  'co.jp',
  'com.br',
  'ie.eu',
]);

/** An apex (registered) domain cannot be a CNAME: it gets A/AAAA records instead. */
export function isApexDomain(domain: string): boolean {
  const labels = domain.split('.');
  if (labels.length === 2) return true;
  return labels.length === 3 && REGISTRY_SUFFIXES.has(labels.slice(1).join('.'));
}

/**
 * The records the customer creates at their DNS provider: the TXT proof of control, and a CNAME
 * to the instance's own host (A/AAAA to PUBLIC_IPS for an apex when they are configured).
 */
export function dnsRecordsFor(
  config: Pick<AppConfig, 'domains'>,
  domain: string,
  token: string,
  host: string,
): DnsRecord[] {
  const txt: DnsRecord = { type: 'TXT', name: `${CHALLENGE_LABEL}.${domain}`, value: token };
  const ips = config.domains.publicIps;
  if (isApexDomain(domain) && ips.length > 0) {
    return [
      ...ips.map((ip): DnsRecord => ({
        type: ip.includes(':') ? 'AAAA' : 'A',
        name: domain,
        value: ip,
      })),
      txt,
    ];
  }
  return [{ type: 'CNAME', name: domain, value: host }, txt];
}
