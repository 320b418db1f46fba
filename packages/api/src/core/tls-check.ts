import { readFile } from 'node:fs/promises';
import { lookup } from 'node:dns/promises';
import tls from 'node:tls';
import type { AppConfig } from './config';
import { SSL_EXPIRING_DAYS } from '../contracts/custom-domain';
import { createDnsResolver } from './dns-resolver';
import { DAY_MS } from './durations';

export type CertificateVerdict = {
  status: 'active' | 'expiring' | 'expired' | 'failed';
  issuer: string | null;
  expiresAt: Date | null;
  /** What was wrong, when the status is not active. */
  reason: string | null;
};

/** Codes about dates: the check judges those itself, against the (test-controllable) clock. */
const DATE_ERRORS = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The address to connect to: *.localhost is loopback (RFC 6761); else DNS_SERVERS or the system. */
async function addressOf(config: Pick<AppConfig, 'domains'>, host: string): Promise<string> {
  if (host === 'localhost' || host.endsWith('.localhost')) return '127.0.0.1';
  if (config.domains.dnsServers.length === 0) return (await lookup(host)).address;
  const resolver = createDnsResolver(config);
  const v4 = await resolver.resolve4(host).catch(() => [] as string[]);
  if (v4[0]) return v4[0];
  const v6 = await resolver.resolve6(host);
  if (!v6[0]) throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
  return v6[0];
}

let extraRoot: { file: string; pem: string } | undefined;

/** The trusted roots: Node's bundled ones plus TLS_CA_FILE (read once per file). */
async function trustedRoots(caFile: string | undefined): Promise<string[] | undefined> {
  if (!caFile) return undefined;
  if (extraRoot?.file !== caFile) extraRoot = { file: caFile, pem: await readFile(caFile, 'utf8') };
  return [...tls.rootCertificates, extraRoot.pem];
}

function issuerOf(cert: tls.PeerCertificate): string | null {
  const issuer = cert.issuer as unknown as Record<string, string | string[] | undefined>;
  const pick = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  return pick(issuer.O) ?? pick(issuer.CN) ?? null;
}

/**
 * "Expiring" is under 14 days left, or under a third of the certificate's lifetime for
 * short-lived ones (Caddy's internal CA issues 12-hour certificates, Let's Encrypt offers 6-day
 * ones): the point where ACME clients renew, so a healthy short-lived certificate reads "active".
 */
function expiringWithinMs(validFrom: Date | null, expiresAt: Date): number {
  const limit = SSL_EXPIRING_DAYS * DAY_MS;
  if (!validFrom) return limit;
  return Math.min(limit, (expiresAt.getTime() - validFrom.getTime()) / 3);
}

/** Judges a presented certificate: name, chain, then dates against `now`. */
export function judgeCertificate(
  host: string,
  cert: tls.PeerCertificate,
  authorizationError: string | undefined,
  now: Date,
): CertificateVerdict {
  const expiresAt = cert.valid_to ? new Date(cert.valid_to) : null;
  const base = { issuer: issuerOf(cert), expiresAt };
  const nameError = tls.checkServerIdentity(host, cert);
  if (nameError) {
    const names = cert.subjectaltname?.replace(/DNS:/g, '') || cert.subject?.CN || 'another name';
    return { ...base, status: 'failed', reason: `Certificate is for ${names}, not ${host}` };
  }
  if (authorizationError && !DATE_ERRORS.has(authorizationError))
    return {
      ...base,
      status: 'failed',
      reason: `Certificate is not trusted (${authorizationError})`,
    };
  const validFrom = cert.valid_from ? new Date(cert.valid_from) : null;
  // A few minutes of clock skew between the issuer and this server are normal.
  if (validFrom && validFrom.getTime() - CLOCK_SKEW_MS > now.getTime())
    return { ...base, status: 'failed', reason: 'Certificate is not valid yet' };
  if (!expiresAt || expiresAt <= now)
    return { ...base, status: 'expired', reason: 'Certificate has expired' };
  if (expiresAt.getTime() - now.getTime() < expiringWithinMs(validFrom, expiresAt))
    return { ...base, status: 'expiring', reason: null };
  return { ...base, status: 'active', reason: null };
}

/**
 * Opens a TLS connection to `host` on TLS_CHECK_PORT (443), with SNI, and judges the certificate
 * it presents: valid for the name, chaining to a trusted root (Node's, plus TLS_CA_FILE), and
 * its dates. Connection and handshake failures come back as `failed` with what happened.
 */
export async function checkCertificate(
  config: Pick<AppConfig, 'domains' | 'tls'>,
  host: string,
  now: Date,
  timeoutMs = 10_000,
): Promise<CertificateVerdict> {
  const failed = (reason: string): CertificateVerdict => ({
    status: 'failed',
    issuer: null,
    expiresAt: null,
    reason,
  });
  let address: string;
  try {
    address = await addressOf(config, host);
  } catch (error) {
    return failed(`${host} does not resolve (${(error as { code?: string }).code ?? 'error'})`);
  }
  const ca = await trustedRoots(config.tls.caFile);
  const port = config.tls.checkPort;
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: address,
      port,
      servername: host,
      ...(ca ? { ca } : {}),
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    const finish = (verdict: CertificateVerdict) => {
      socket.destroy();
      resolve(verdict);
    };
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      if (!cert || Object.keys(cert).length === 0)
        return finish(failed('No certificate was presented'));
      const authError = socket.authorizationError;
      finish(
        judgeCertificate(
          host,
          cert,
          authError ? String((authError as { code?: string }).code ?? authError) : undefined,
          now,
        ),
      );
    });
    socket.once('timeout', () => finish(failed(`No TLS answer from ${host}:${port} in time`)));
    socket.once('error', (error: Error & { code?: string }) => {
      const what =
        error.code === 'ECONNREFUSED'
          ? `Nothing answers on ${host}:${port}`
          : `TLS handshake with ${host}:${port} failed (${error.code ?? error.message})`;
      finish(failed(what));
    });
  });
}
