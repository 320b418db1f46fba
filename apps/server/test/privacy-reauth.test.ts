import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireRecentReauth, toErrorEnvelope } from '@scmp/api';
import { PRIVACY_TEXTS } from '@scmp/api/contracts/privacy';
import type { TestHarness } from '../src/testing/harness';
import { activityOf } from '../src/testing/recorded-rows';
import { useHarness } from '../src/testing/use-harness';

/**
 * POST /user/confirm-password (issue 38): a session proves its password again, which keeps it
 * fresh for sensitive operations for 10 minutes; without it they answer 403 REAUTH_REQUIRED.
 */
let h: TestHarness;
let user: Awaited<ReturnType<TestHarness['createUser']>>;

const sessionOf = (token: string) =>
  h.db
    .selectFrom('sessions')
    .select('id')
    .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
    .executeTakeFirstOrThrow();

async function reauthError(token: string) {
  try {
    await requireRecentReauth(h.deps, await sessionOf(token));
    return null;
  } catch (error) {
    return toErrorEnvelope(error);
  }
}

useHarness((made) => (h = made));
beforeAll(async () => {
  user = await h.createUser({ verified: true });
});

describe('POST /user/confirm-password', () => {
  it('without a confirmation a sensitive operation answers 403 REAUTH_REQUIRED', async () => {
    const envelope = await reauthError(user.token);
    expect(envelope?.status).toBe(403);
    expect(envelope?.body).toMatchObject({
      success: false,
      code: 'REAUTH_REQUIRED',
      message: PRIVACY_TEXTS.reauthRequired,
    });
  });

  it('refuses a wrong password with 422 and records it', async () => {
    const res = await h.rest('POST', '/user/confirm-password', {
      token: user.token,
      body: { password: 'wrong password' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toEqual([PRIVACY_TEXTS.wrongPassword]);
    expect((await reauthError(user.token))?.body.code).toBe('REAUTH_REQUIRED');
    const actions = (await activityOf(h.db, user.id)).map((a) => a.action);
    expect(actions).toContain('password.confirm_failed');
  });

  it('keeps this session (only) fresh for 10 minutes, on both doors', async () => {
    const res = await h.rest('POST', '/user/confirm-password', {
      token: user.token,
      body: { password: user.password },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: PRIVACY_TEXTS.passwordConfirmed });
    expect(new Date(res.body.data.confirmed_until).getTime()).toBe(
      h.clock.now().getTime() + 10 * 60_000,
    );
    expect(await reauthError(user.token)).toBeNull();

    // Another session of the same account has not confirmed anything.
    const login = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const otherToken = login.body.data.token as string;
    expect((await reauthError(otherToken))?.body.code).toBe('REAUTH_REQUIRED');

    h.clock.advance(10 * 60_000 - 1000);
    expect(await reauthError(user.token)).toBeNull();
    h.clock.advance(1000);
    expect((await reauthError(user.token))?.body.code).toBe('REAUTH_REQUIRED');

    const viaTrpc = await h.trpc(
      'mutation',
      'privacy.confirmPassword',
      { password: user.password },
      { token: user.token },
    );
    expect(viaTrpc.status).toBe(200);
    expect(await reauthError(user.token)).toBeNull();
  });

  it('is for signed-in sessions only: API tokens get 403, no token 401', async () => {
    const created = await h.rest('POST', '/user/api-tokens', {
      token: user.token,
      body: { name: 'reauth', scopes: ['profile:read'], expires_in_days: 7 },
    });
    expect(created.status, created.text).toBe(201);
    const apiToken = created.body.data.token as string;
    const byToken = await h.rest('POST', '/user/confirm-password', {
      token: apiToken,
      body: { password: user.password },
    });
    expect(byToken.status).toBe(403);
    const anonymous = await h.rest('POST', '/user/confirm-password', {
      body: { password: user.password },
    });
    expect(anonymous.status).toBe(401);
  });
});
