import { randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '../../contracts/api-tokens';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Base62 of `bytes` random bytes (32 bytes: 43 characters, 256 bits). */
export function randomBase62(bytes: number): string {
  let value = BigInt(`0x${randomBytes(bytes).toString('hex')}`);
  const length = Math.ceil((bytes * 8) / Math.log2(62));
  let out = '';
  for (let i = 0; i < length; i += 1) {
    out = ALPHABET[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out;
}

/** A new token, `scmp_pat_` and 32 random bytes in base62, and the part kept to recognise it. */
export function newApiToken(): { token: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${randomBase62(32)}`;
  return { token, prefix: token.slice(0, API_TOKEN_PREFIX.length + 8) };
}

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}
