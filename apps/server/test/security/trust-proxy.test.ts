import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../../src/testing/harness';

/**
 * The sign-in throttle counts per account and client address. Behind a proxy the address comes
 * from X-Forwarded-For only when TRUST_PROXY is set; otherwise a client could pick a new address
 * for every guess by writing the header itself.
 */
let h: TestHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function failedLoginsFromForwardedAddresses(harness: TestHarness, email: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    const res = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '10.0.0.1',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
      payload: JSON.stringify({ email, password: 'wrong password' }),
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('off (the default): X-Forwarded-For is ignored, so forged addresses share one budget', async () => {
    h = await createHarness({ trustProxy: false });
    const user = await h.createUser();
    const statuses = await failedLoginsFromForwardedAddresses(h, user.email);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('on: each forwarded client address has its own budget', async () => {
    h = await createHarness({ trustProxy: true });
    const user = await h.createUser();
    const statuses = await failedLoginsFromForwardedAddresses(h, user.email);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401]);
  });
});
