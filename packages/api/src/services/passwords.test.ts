import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { ARGON2_MAX_CONCURRENT, hashPassword, verifyPassword } from './passwords';

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
