import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { ARGON2_MAX_CONCURRENT, hashPassword, needsRehash, verifyPassword } from './passwords';

describe('argon2 slots', () => {
  it('verifies, and sheds a sign-in that waited too long for a slot with 429 + Retry-After', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);

    // Every slot busy plus a queue: a caller with a 1 ms queue cap is refused, the rest succeed.
    const busy = Array.from({ length: ARGON2_MAX_CONCURRENT * 2 }, () =>
      verifyPassword(hash, 'correct horse'),
    );
    const shed = verifyPassword(hash, 'correct horse', { maxQueueMs: 1 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    const error = await shed;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).appCode).toBe('TOO_MANY_REQUESTS');
    expect((error as AppError).headers).toMatchObject({ 'retry-after': '1' });
    expect(await Promise.all(busy)).toEqual(busy.map(() => true));
    // Slots are all given back: a later capped call gets one at once.
    expect(await verifyPassword(hash, 'correct horse', { maxQueueMs: 50 })).toBe(true);
  });
});

// Made by the reference C implementation (phc-winner-argon2, argon2id_hash_encoded), which is
// what the `argon2` package wrote before: hashes stored then must keep working.
const REFERENCE_PASSWORD = 'Reference hash 2026!';
const REFERENCE_CURRENT =
  '$argon2id$v=19$m=9216,t=4,p=1$c2NtcC1yZWZlcmVuY2Utcw$AyJ7Z9ChJYuQD7nyMTic28n4IJonztHKfGc++hy2AzU';
const REFERENCE_WEAK =
  '$argon2id$v=19$m=4096,t=1,p=1$c2NtcC1yZWZlcmVuY2Utcw$W/l108MM9cyf7oLRCgPJH3Ng4vmhTYTLV3L7LxMh3tI';

describe('argon2id hashes', () => {
  it('verifies hashes made by the reference implementation, and only with their password', async () => {
    expect(await verifyPassword(REFERENCE_CURRENT, REFERENCE_PASSWORD)).toBe(true);
    expect(await verifyPassword(REFERENCE_WEAK, REFERENCE_PASSWORD)).toBe(true);
    expect(await verifyPassword(REFERENCE_CURRENT, 'Reference hash 2026?')).toBe(false);
    // One changed character of the digest: no match.
    expect(await verifyPassword(REFERENCE_CURRENT.replace(/U$/, 'V'), REFERENCE_PASSWORD)).toBe(
      false,
    );
  });

  it("writes PHC strings at today's settings with a fresh salt each time", async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=9216,t=4,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
  });

  it("asks for a rehash only when the settings differ from today's", async () => {
    expect(needsRehash(REFERENCE_CURRENT)).toBe(false);
    expect(needsRehash(REFERENCE_WEAK)).toBe(true);
    expect(needsRehash(REFERENCE_CURRENT.replace('$argon2id$', '$argon2i$'))).toBe(true);
    expect(needsRehash(REFERENCE_CURRENT.replace('v=19', 'v=16'))).toBe(true);
    expect(needsRehash('not-a-hash')).toBe(true);
  });
});
