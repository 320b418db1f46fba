import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import type { z } from 'zod';
import type { envSchema } from './env-schema';

/**
 * What a production start requires, checked all at once so the operator sees every problem in
 * one message (variable name: what is expected). Local mode keeps its laptop defaults.
 */
export function productionProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.APP_KEY) {
    problems.push(
      'APP_KEY: required (32+ random bytes, e.g. `openssl rand -base64 32`); signs links and encrypts secrets',
    );
  }
  if (!e.APP_URL) {
    problems.push('APP_URL: required, the public https:// address (e.g. https://scmp.example.com)');
  } else if (!e.APP_URL.startsWith('https://')) {
    problems.push(`APP_URL: must start with https:// in production, got "${e.APP_URL}"`);
  }
  if (!e.SMTP_URL) {
    problems.push(
      'SMTP_URL: required (smtp:// or smtps://); without it no customer can verify an e-mail or reset a password',
    );
  }
  if (!e.ALLOW_TEST_PAYMENTS) {
    const stripe = {
      STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: e.STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
    };
    for (const [name, value] of Object.entries(stripe)) {
      if (!value) {
        problems.push(
          `${name}: required for real payments (or ALLOW_TEST_PAYMENTS=true on a staging deployment)`,
        );
      }
    }
  }
  return problems;
}

/** DNS_SERVERS (ip or ip:port), PUBLIC_IPS (ip), TLS_ASK_ALLOW (ip or CIDR), TLS_CA_FILE (exists). */
function addressListProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const dnsServer = (v: string) =>
    isIP(v) > 0 || /^\[[0-9a-f:]+\]:\d+$/i.test(v) || /^[0-9.]+:\d+$/.test(v);
  const cidr = (v: string) => {
    const [address = '', bits, extra] = v.split('/');
    if (extra !== undefined || isIP(address) === 0) return false;
    if (bits === undefined) return true;
    const n = Number(bits);
    return Number.isInteger(n) && n >= 0 && n <= (isIP(address) === 4 ? 32 : 128);
  };
  const bad = (name: string, values: string[], ok: (v: string) => boolean, hint: string) => {
    const wrong = values.filter((v) => !ok(v));
    if (wrong.length > 0) problems.push(`${name}: ${hint}, got "${wrong.join(', ')}"`);
  };
  bad('DNS_SERVERS', e.DNS_SERVERS, dnsServer, 'expected IP addresses, optionally with :port');
  bad('PUBLIC_IPS', e.PUBLIC_IPS, (v) => isIP(v) > 0, 'expected IP addresses');
  bad('TLS_ASK_ALLOW', e.TLS_ASK_ALLOW, cidr, 'expected IP addresses or CIDR ranges');
  if (e.TLS_CA_FILE && !existsSync(e.TLS_CA_FILE))
    problems.push(`TLS_CA_FILE: no such file "${e.TLS_CA_FILE}"`);
  return problems;
}

/** Checks that hold in every mode: a half-configured feature is a mistake wherever it runs. */
export function generalProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  problems.push(...addressListProblems(e));
  if (e.APP_KEY && Buffer.byteLength(e.APP_KEY) < 32) {
    problems.push('APP_KEY: expected at least 32 bytes of random data');
  }
  const s3Fields = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Fields.some(Boolean) && !s3Fields.every(Boolean)) {
    const missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
      (_, i) => !s3Fields[i],
    );
    problems.push(
      `S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set all four to store uploads in a bucket, or none for the local folder (missing: ${missing.join(', ')})`,
    );
  }
  return problems;
}
