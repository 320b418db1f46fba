import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** 32-byte key for one purpose, derived from the app key with HKDF-SHA256. */
function deriveKey(appKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(appKey), Buffer.alloc(0), purpose, 32));
}

const TWO_FACTOR_PURPOSE = 'scmp:two-factor:secret';

/**
 * AES-256-GCM; output `v1:<base64(iv | tag | ciphertext)>`. `purpose` derives a separate key for
 * each kind of secret (two-factor secrets by default).
 */
export function encryptSecret(
  appKey: string,
  plaintext: string,
  purpose = TWO_FACTOR_PURPOSE,
): string {
  const key = deriveKey(appKey, purpose);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function decryptSecret(
  appKey: string,
  stored: string,
  purpose = TWO_FACTOR_PURPOSE,
): string {
  if (!stored.startsWith('v1:')) throw new Error('Unknown secret format');
  const raw = Buffer.from(stored.slice(3), 'base64');
  const key = deriveKey(appKey, purpose);
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** Keyed digest of a recovery code (HMAC-SHA256 with a key derived from the app key). */
export function hashRecoveryCode(appKey: string, code: string): string {
  return createHmac('sha256', deriveKey(appKey, 'scmp:two-factor:recovery'))
    .update(code)
    .digest('hex');
}
