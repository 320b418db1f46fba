import { expect } from 'vitest';
import type { ServerConfig } from '../../src/config';
import { createHarness, type TestHarness } from '../../src/testing/harness';
import { totp } from '../../src/testing/totp';

/** What the sign-in, e-mail and two-factor tests in this folder share. */

/** A new password and its confirmation, as registration, reset and change take them. */
export const passwordPair = (password: string) => ({ password, password_confirmation: password });

/** The password step of a sign-in through the REST door. */
export const signIn = (h: TestHarness, email: string, password: string) =>
  h.rest('POST', '/auth/login', { body: { email, password } });

/** A registration through the REST door with a unique address (`overrides` replace fields). */
export const register = (
  h: TestHarness,
  name: string,
  password: string,
  overrides: Record<string, unknown> = {},
) =>
  h.rest('POST', '/auth/register', {
    body: {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      ...passwordPair(password),
      ...overrides,
    },
  });

/** The newest mail to `email` (of `kind`, when given). */
export function latestMailTo(h: TestHarness, email: string, kind?: string) {
  let query = h.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc');
  if (kind) query = query.where('kind', '=', kind);
  return query.executeTakeFirst();
}

/** The first link in `text` that starts with `prefix`. */
export function linkIn(text: string, prefix: string): URL {
  const match = text.match(new RegExp(`${prefix.replace(/[/.]/g, '\\$&')}[^\\s]+`));
  if (!match) throw new Error(`no ${prefix} link in: ${text}`);
  return new URL(match[0]);
}

/** Runs `use` on a server of its own with `config`, closed afterwards. */
export async function withHarness(
  config: Partial<ServerConfig>,
  use: (h: TestHarness) => Promise<void>,
): Promise<void> {
  const own = await createHarness(config);
  try {
    await use(own);
  } finally {
    await own.close();
  }
}

/** Turns two-factor on for `user` (enable with the password, confirm with the current code). */
export async function enableTwoFactor(
  h: TestHarness,
  user: { token: string; password: string },
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enable = await h.rest('POST', '/two-factor/enable', {
    token: user.token,
    body: { password: user.password },
  });
  expect(enable.status).toBe(200);
  const secret = enable.body.data.secret as string;
  const confirm = await h.rest('POST', '/two-factor/confirm', {
    token: user.token,
    body: { code: totp(secret, h.clock.now()) },
  });
  expect(confirm.status).toBe(200);
  return { secret, recoveryCodes: confirm.body.data.recovery_codes as string[] };
}
