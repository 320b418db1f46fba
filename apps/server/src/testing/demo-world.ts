import { expect } from 'vitest';
import { seedDemoData } from '../seed';
import { DEMO_PASSWORD } from '../seed/demo-users';
import { createHarness, type TestHarness } from './harness';

/**
 * A fresh in-process server holding the demo data (`npm run seed`), handed to `use` with a
 * sign-in for the demo accounts (the session token of `email`); closed afterwards.
 */
export async function withDemoData(
  use: (fresh: TestHarness, signIn: (email: string) => Promise<string>) => Promise<void>,
): Promise<void> {
  const fresh = await createHarness();
  try {
    expect(await seedDemoData(fresh.deps)).toBe(true);
    const signIn = async (email: string) => {
      const login = await fresh.rest('POST', '/auth/login', {
        body: { email, password: DEMO_PASSWORD },
      });
      expect(login.status, login.text).toBe(200);
      return login.body.data.token as string;
    };
    await use(fresh, signIn);
  } finally {
    await fresh.close();
  }
}
