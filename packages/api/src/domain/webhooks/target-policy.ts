import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_TEXTS } from '../../contracts/webhooks';

/**
 * Where a webhook may be sent. In production only https:// URLs whose every resolved address is
 * public; the check runs when the URL is saved and again at every send, on the addresses the
 * connection will use (so a DNS answer that changes between the two — rebinding — does not help).
 * Locally (APP_ENV local or test) plain http and loopback targets are allowed, so the product can
 * be tried and tested on one machine.
 */
export type TargetPolicy = { strict: boolean };

const reserved = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  reserved.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 (embeds an IPv4 address)
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local, includes fd00:ec2::254 (AWS metadata over IPv6)
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  reserved.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is on the public internet (not loopback, private, link-local, CGNAT, …). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !reserved.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  if (/^::ffff:/i.test(address)) return false;
  return !reserved.check(address, 'ipv6');
}

export class WebhookTargetError extends Error {
  override name = 'WebhookTargetError';
}

/** Parses and checks the URL's form; the error's message is what the user sees. */
export function parseWebhookUrl(raw: string, policy: TargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetError(WEBHOOK_TEXTS.urlInvalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookTargetError(WEBHOOK_TEXTS.urlInvalid);
  if (url.username || url.password) throw new WebhookTargetError(WEBHOOK_TEXTS.urlCredentials);
  if (!policy.strict) return url;
  if (url.protocol !== 'https:') throw new WebhookTargetError(WEBHOOK_TEXTS.urlHttpsOnly);
  const host = hostOf(url);
  if (isIP(host) && !isPublicAddress(host))
    throw new WebhookTargetError(WEBHOOK_TEXTS.urlNotPublic);
  if (host === 'localhost' || host.endsWith('.localhost'))
    throw new WebhookTargetError(WEBHOOK_TEXTS.urlNotPublic);
  return url;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The addresses a send may connect to: every one must be public under the strict policy (one
 * private answer among public ones refuses the lot, so round-robin tricks do not help).
 */
export async function vettedAddresses(
  host: string,
  policy: TargetPolicy,
  resolve: Resolver = systemResolver,
): Promise<string[]> {
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new WebhookTargetError(WEBHOOK_TEXTS.urlUnresolvable);
    }
  }
  if (addresses.length === 0) throw new WebhookTargetError(WEBHOOK_TEXTS.urlUnresolvable);
  if (policy.strict && !addresses.every(isPublicAddress))
    throw new WebhookTargetError(WEBHOOK_TEXTS.urlNotPublic);
  return addresses;
}
