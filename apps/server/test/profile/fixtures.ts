import { expect } from 'vitest';
import type { TestHarness } from '../../src/testing/harness';

/**
 * What the profile tests share: two user agents, signing in with one of them, and a valid body of
 * PUT /user/profile with `overrides`.
 */
export function profileFixtures(harness: () => TestHarness) {
  const MAC_CHROME =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

  async function login(email: string, password: string, userAgent = MAC_CHROME) {
    const res = await harness().rest('POST', '/auth/login', {
      body: { email, password },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    return res.body.data.token as string;
  }

  const profileBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '',
    bio: '',
    location: '',
    website: '',
    ...overrides,
  });
  return { MAC_CHROME, IPHONE, login, profileBody };
}
