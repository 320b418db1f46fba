import { sql } from 'kysely';
import { expect } from 'vitest';
import type { ServerConfig } from '../../src/config';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import { totp } from '../../src/testing/totp';

/** What the sign-in, e-mail and two-factor tests in this folder share. */

/** The clock's start in the two-factor tests (they set it before enabling). */
export const T0 = new Date('2026-11-22T10:00:00.000Z');

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

type Account = { token: string; password: string };

/** The two-factor routes of a signed-in user, on the harness `harness()` answers when they run. */
export function twoFactorCalls(harness: () => TestHarness) {
  return {
    /** POST /two-factor/<route> with `password` (enable, disable, recovery-codes). */
    withPassword: (
      route: 'enable' | 'disable' | 'recovery-codes',
      user: { token: string },
      password: unknown,
    ) => harness().rest('POST', `/two-factor/${route}`, { token: user.token, body: { password } }),
    /** twoFactor.enable with `password` through the tRPC door. */
    enableOverTrpc: (user: { token: string }, password: unknown) =>
      harness().trpc('mutation', 'twoFactor.enable', { password }, { token: user.token }),
    /** POST /two-factor/confirm with `code`. */
    confirm: (user: { token: string }, code: unknown) =>
      harness().rest('POST', '/two-factor/confirm', { token: user.token, body: { code } }),
    /** GET /two-factor/status. */
    status: (user: { token: string }) =>
      harness().rest('GET', '/two-factor/status', { token: user.token }),
  };
}

/** Turns two-factor on for `user` (enable with the password, confirm with the current code). */
export async function enableTwoFactor(
  h: TestHarness,
  user: Account,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const twoFactor = twoFactorCalls(() => h);
  const enable = await twoFactor.withPassword('enable', user, user.password);
  expect(enable.status).toBe(200);
  const secret = enable.body.data.secret as string;
  const confirm = await twoFactor.confirm(user, totp(secret, h.clock.now()));
  expect(confirm.status).toBe(200);
  return { secret, recoveryCodes: confirm.body.data.recovery_codes as string[] };
}

/** The kinds of the e-mails to `userId`. */
export const mailKindsOf = async (h: TestHarness, userId: number) =>
  (await h.db.selectFrom('mail_outbox').select('kind').where('user_id', '=', userId).execute()).map(
    (m) => m.kind,
  );

/** The activity rows of `userId`: action and severity. */
export const activityOf = (h: TestHarness, userId: number) =>
  h.db
    .selectFrom('activity_events')
    .select(['action', 'severity'])
    .where('user_id', '=', userId)
    .execute();

/** Every row of `table` that belongs to `userId` (by its user_id column). */
export async function rowsOfUser(h: TestHarness, table: string, userId: number): Promise<Json[]> {
  const res = await sql<Json>`select * from ${sql.table(table)} where user_id = ${userId}`.execute(
    h.db,
  );
  return res.rows;
}
