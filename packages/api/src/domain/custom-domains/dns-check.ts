import type { Resolver } from 'node:dns/promises';
import { CHALLENGE_LABEL } from '../../contracts/custom-domain';

/** What a domain's records must say: the TXT token, and where the name points. */
export type DnsExpectation = {
  domain: string;
  token: string;
  /** The instance's own host: the CNAME's target. */
  targetHost: string;
  /** Addresses an apex domain's A/AAAA records may point at (PUBLIC_IPS). */
  publicIps: readonly string[];
};

export type DnsVerdict = { ok: true } | { ok: false; reason: string };

/** A failed lookup that means "no such record" rather than "could not ask". */
function isNoRecord(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ENODATA' || code === 'ENOTFOUND' || code === 'NOTFOUND';
}

class LookupProblem extends Error {}

/** A lookup that could not be answered, in words an office manager can act on. */
function lookupProblem(error: unknown, name: string): LookupProblem {
  const code = (error as { code?: string }).code ?? 'error';
  if (code === 'ETIMEOUT') return new LookupProblem(`DNS lookup of ${name} timed out`);
  if (code === 'ESERVFAIL') return new LookupProblem(`DNS server failed to answer for ${name}`);
  if (code === 'ECONNREFUSED') return new LookupProblem('DNS server refused the connection');
  return new LookupProblem(`DNS lookup of ${name} failed (${code})`);
}

async function orEmpty<T>(lookup: Promise<T[]>, name: string): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (isNoRecord(error)) return [];
    throw lookupProblem(error, name);
  }
}

const bareName = (name: string) => name.toLowerCase().replace(/\.$/, '');

async function addressesOf(resolver: Resolver, name: string): Promise<string[]> {
  const [v4, v6] = await Promise.all([
    orEmpty(resolver.resolve4(name), name),
    orEmpty(resolver.resolve6(name), name),
  ]);
  return [...v4, ...v6];
}

/**
 * Checks a custom domain's two records: the TXT `_scmp-challenge.<domain>` holds the token, and
 * the domain is a CNAME of the instance's host (or, for an apex, its A/AAAA records point at
 * PUBLIC_IPS, or at the instance host's own addresses when PUBLIC_IPS is empty). The reason
 * names what the check saw ("TXT record not found", "CNAME points to x").
 */
export async function checkDomainRecords(
  resolver: Resolver,
  expected: DnsExpectation,
): Promise<DnsVerdict> {
  try {
    const txtName = `${CHALLENGE_LABEL}.${expected.domain}`;
    const txt = (await orEmpty(resolver.resolveTxt(txtName), txtName)).map((chunks) =>
      chunks.join(''),
    );
    if (txt.length === 0) return { ok: false, reason: 'TXT record not found' };
    if (!txt.some((value) => value.trim() === expected.token))
      return { ok: false, reason: 'TXT record does not hold this instance’s verification token' };

    const target = bareName(expected.targetHost);
    const cnames = (await orEmpty(resolver.resolveCname(expected.domain), expected.domain)).map(
      bareName,
    );
    if (cnames.length > 0) {
      return cnames.includes(target)
        ? { ok: true }
        : { ok: false, reason: `CNAME points to ${cnames.join(', ')}` };
    }
    const addresses = await addressesOf(resolver, expected.domain);
    if (addresses.length === 0) return { ok: false, reason: 'CNAME record not found' };
    const allowed =
      expected.publicIps.length > 0 ? expected.publicIps : await addressesOf(resolver, target);
    const stray = addresses.filter((address) => !allowed.includes(address));
    if (stray.length > 0 || allowed.length === 0)
      return { ok: false, reason: `A record points to ${addresses.join(', ')}` };
    return { ok: true };
  } catch (error) {
    if (error instanceof LookupProblem) return { ok: false, reason: error.message };
    throw error;
  }
}

/**
 * Checks one TXT record: `name` holds `token` (the e-mail domains of single sign-on use this with
 * `_scmp-verify.<domain>`). Same resolver, same reasons as the custom-domain check.
 */
export async function checkTxtToken(
  resolver: Resolver,
  name: string,
  token: string,
): Promise<DnsVerdict> {
  try {
    const txt = (await orEmpty(resolver.resolveTxt(name), name)).map((chunks) => chunks.join(''));
    if (txt.length === 0) return { ok: false, reason: 'TXT record not found' };
    if (!txt.some((value) => value.trim() === token))
      return {
        ok: false,
        reason: 'TXT record does not hold this organization’s verification token',
      };
    return { ok: true };
  } catch (error) {
    if (error instanceof LookupProblem) return { ok: false, reason: error.message };
    throw error;
  }
}
