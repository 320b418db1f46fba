import { createHmac } from 'node:crypto';

/**
 * RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it, written out here so the
 * tests check the server's codes against an implementation of their own.
 */
export function totp(secretBase32: string, at = new Date()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secretBase32.replace(/=+$/, ''))
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
  const d = createHmac('sha1', key).update(counter).digest();
  const o = d[d.length - 1]! & 0x0f;
  const n = ((d[o]! & 0x7f) << 24) | (d[o + 1]! << 16) | (d[o + 2]! << 8) | d[o + 3]!;
  return String(n % 1_000_000).padStart(6, '0');
}
