import { describe, expect, it } from 'vitest';
import {
  type Res,
  type Row,
  send,
  type State,
  type User,
  harness,
  useThrottleHarness,
} from './throttle-fixtures';
import { ACCOUNT_THROTTLES } from './throttle-rows-account';
import { SIGN_IN_THROTTLES } from './throttle-rows-sign-in';

/**
 * Every throttled operation, driven through the REST door from chosen client addresses (the
 * table: throttle-rows-sign-in.ts and throttle-rows-account.ts; what a key means:
 * throttle-fixtures.ts). Every limit is a fixed window and recovers on its own.
 */
const THROTTLES: Row[] = [...SIGN_IN_THROTTLES, ...ACCOUNT_THROTTLES];

useThrottleHarness();

const legit = (row: Row, s: State, ip: string, who: User): Promise<Res> =>
  row.legit ? row.legit(s, ip, who) : send(row.attempt(s, who), ip);

/** RateLimit-Policy and RateLimit (IETF httpapi draft) on every answer of a throttled operation. */
function expectRateLimitHeaders(res: Res, row: Row, spent: boolean): void {
  const policy = String(res.headers['ratelimit-policy'] ?? '');
  const state = String(res.headers['ratelimit'] ?? '');
  expect(policy, `${row.op}: RateLimit-Policy`).toMatch(/^"default";q=\d+;w=\d+$/);
  expect(state, `${row.op}: RateLimit`).toMatch(/^"default";r=\d+;t=\d+$/);
  if (spent) expect(state, `${row.op}: nothing remains`).toMatch(/;r=0;/);
}

function expect429(res: Res, row: Row): number {
  expect(res.status, `${row.op}: attempt ${row.limit + 1}`).toBe(429);
  expectRateLimitHeaders(res, row, true);
  expect(res.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
  expect(typeof res.body.message).toBe('string');
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter), `${row.op}: Retry-After`).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(row.windowSeconds);
  return retryAfter;
}

describe('throttled operations', () => {
  it('covers every operation the issue lists', () => {
    expect(THROTTLES.map((r) => r.op).sort()).toEqual(
      [
        'POST /auth/login',
        'POST /auth/two-factor/verify',
        'POST /auth/passkey/options',
        'POST /auth/passkey/verify',
        'POST /passkeys/registration/options',
        'POST /passkeys/registration/verify',
        'POST /auth/register',
        'POST /auth/resend-verification',
        'POST /auth/forgot-password',
        'POST /auth/reset-password',
        'PUT /profile/password',
        'PUT /profile (new e-mail)',
        'POST /user/confirm-password',
        'POST /profile/email-change/confirm',
        'POST /auth/email-change/cancel',
        'POST /organizations/check-subdomain',
        'POST /contact',
        'POST /support/tickets',
        'POST /payments/test/payment-methods',
      ].sort(),
    );
  });

  it.each(THROTTLES.map((row, index) => ({ ...row, index })))(
    '$op: $limit per $windowSeconds s by $key, RateLimit headers, 429 with Retry-After, then recovers',
    async (row) => {
      const attacker = `198.51.100.${row.index + 1}`;
      const elsewhere = `203.0.113.${row.index + 1}`;
      const s: State = {
        user: await harness().createUser({ verified: true }),
        other: await harness().createUser({ verified: true }),
        seq: 0,
      };
      await row.setup?.(s);

      for (let i = 1; i <= row.limit; i += 1) {
        const res = await send(row.attempt(s, s.user), attacker);
        expect(row.okStatuses, `${row.op}: attempt ${i} answered ${res.status}`).toContain(
          res.status,
        );
        expectRateLimitHeaders(res, row, false);
      }
      const retryAfter = expect429(await send(row.attempt(s, s.user), attacker), row);
      // Still spent a moment later, even for a legitimate request on the same key.
      expect((await legit(row, s, attacker, s.user)).status, `${row.op}: same key`).toBe(429);

      // The spent key blocks nobody else.
      const unaffected =
        row.key === 'account'
          ? await legit(row, s, attacker, s.other) // another account, same address
          : await legit(row, s, elsewhere, s.user); // the same account/e-mail, another address
      expect(unaffected.status, `${row.op}: other key`).toBe(row.legitStatus);

      // Fixed window: it recovers on its own.
      harness().clock.advance((retryAfter + 1) * 1000);
      const recovered = await legit(row, s, attacker, s.user);
      expect(recovered.status, `${row.op}: after the window`).toBe(row.legitStatus);
    },
    30_000,
  );
});
