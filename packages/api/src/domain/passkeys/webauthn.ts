import { lazyModule } from '../../core/lazy-module';

/** @simplewebauthn/server, loaded on the first passkey request rather than at start-up. */
export const loadWebAuthn = lazyModule(() => import('@simplewebauthn/server'));

/** COSE algorithms accepted for new passkeys: Ed25519, P-256 (ES256), RSA (RS256). */
export const SUPPORTED_ALGORITHMS = [-8, -7, -257];

/** How long the browser waits for the user (the challenge itself lives five minutes). */
export const CEREMONY_TIMEOUT_MS = 120_000;

/** The WebAuthn user handle: the user's public uuid as 16 bytes (no e-mail or name in it). */
export function userHandleOf(uuid: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(uuid.replace(/-/g, ''), 'hex'));
}

/** The challenge a response signed, read from its clientDataJSON; null when unreadable. */
export function challengeOfClientData(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && 'challenge' in parsed) {
      const { challenge } = parsed as { challenge: unknown };
      if (typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200)
        return challenge;
    }
  } catch {
    return null;
  }
  return null;
}
