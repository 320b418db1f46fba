import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { verifyUserTwoFactorCode } from '../../../packages/api/src/domain/two-factor/verify-code';
import type { TestHarness } from '../src/testing/harness';
import { useHarness } from '../src/testing/use-harness';

let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });

const T0 = new Date('2026-11-22T10:00:00.000Z');
const codeAt = (secret: string, date: Date) =>
  generateSync({ secret, epoch: Math.floor(date.getTime() / 1000) });
const shift = (steps: number) => new Date(h.clock.now().getTime() + steps * 30_000);

async function enableFor(user: { token: string; password: string }) {
  h.clock.set(T0);
  const enabled = await h.rest('POST', '/two-factor/enable', {
    token: user.token,
    body: { password: user.password },
  });
  expect(enabled.status).toBe(200);
  const secret = enabled.body.data.secret as string;
  const confirmed = await h.rest('POST', '/two-factor/confirm', {
    token: user.token,
    body: { code: codeAt(secret, h.clock.now()) },
  });
  expect(confirmed.status).toBe(200);
  return { secret, codes: confirmed.body.data.recovery_codes as string[] };
}

describe('two-factor lifecycle', () => {
  it('enables in two steps, with the QR rendered here and the secret encrypted at rest', async () => {
    h.clock.set(T0);
    const user = await h.createUser({ verified: true });
    const status0 = await h.rest('GET', '/two-factor/status', { token: user.token });
    expect(status0.body).toEqual({
      success: true,
      data: { confirmed: false, recovery_codes_count: 0 },
    });

    const first = await h.rest('POST', '/two-factor/enable', {
      token: user.token,
      body: { password: user.password },
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Scan the QR code with your authenticator app.');
    const { secret, qr_code_url, qr_code_svg } = first.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qr_code_url).toMatch(/^otpauth:\/\/totp\//);
    expect(qr_code_url).toContain(`secret=${secret}`);
    expect(qr_code_url).toContain(encodeURIComponent(user.email));
    expect(qr_code_url).toContain('issuer=');
    expect(qr_code_svg).toMatch(/^<svg/);

    // enable again replaces the pending secret; still not confirmed
    const second = await h.rest('POST', '/two-factor/enable', {
      token: user.token,
      body: { password: user.password },
    });
    const secret2 = second.body.data.secret as string;
    expect(secret2).not.toBe(secret);
    const status1 = await h.rest('GET', '/two-factor/status', { token: user.token });
    expect(status1.body.data.confirmed).toBe(false);

    // the old pending secret no longer confirms
    const stale = await h.rest('POST', '/two-factor/confirm', {
      token: user.token,
      body: { code: codeAt(secret, h.clock.now()) },
    });
    expect(stale.status).toBe(422);
    expect(stale.body.message).toBe('Invalid verification code');

    const row = await h.db
      .selectFrom('two_factor_secrets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret2);

    const ok = await h.rest('POST', '/two-factor/confirm', {
      token: user.token,
      body: { code: codeAt(secret2, h.clock.now()) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Two-factor authentication has been enabled successfully!');
    const codes = ok.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);

    const stored = await h.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(8);
    for (const s of stored) expect(codes).not.toContain(s.code_hash);
    const row2 = await h.db
      .selectFrom('two_factor_secrets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row2)).not.toContain(secret2);

    const status2 = await h.rest('GET', '/two-factor/status', { token: user.token });
    expect(status2.body.data).toEqual({ confirmed: true, recovery_codes_count: 8 });
    const me = await h.rest('GET', '/user', { token: user.token });
    expect(me.body.data.two_factor_enabled).toBe(true);

    const mails = await h.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('user_id', '=', user.id)
      .execute();
    expect(mails.map((m) => m.kind)).toContain('two-factor-enabled');
    const events = await h.db
      .selectFrom('activity_events')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(events.find((e) => e.action === 'two_factor.enabled')?.severity).not.toBe('info');
  });

  it('starts the setup only with the current password, through both doors', async () => {
    h.clock.set(T0);
    const user = await h.createUser({ verified: true });
    const missing = await h.rest('POST', '/two-factor/enable', { token: user.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Password is required');
    expect(missing.body.errors.password).toEqual(['Password is required']);
    const noBody = await h.rest('POST', '/two-factor/enable', { token: user.token });
    expect(noBody.status).toBe(422);
    const wrong = await h.rest('POST', '/two-factor/enable', {
      token: user.token,
      body: { password: 'not my password' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('The password is incorrect.');
    expect(wrong.body.errors.password).toEqual(['The password is incorrect.']);
    const wrongTrpc = await h.trpc(
      'mutation',
      'twoFactor.enable',
      { password: 'not my password' },
      { token: user.token },
    );
    expect(wrongTrpc.status).toBe(422);
    expect(wrongTrpc.body.error.message).toBe('The password is incorrect.');
    // nothing was set up by the refused calls
    const rows = await h.db
      .selectFrom('two_factor_secrets')
      .select('user_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);

    const ok = await h.rest('POST', '/two-factor/enable', {
      token: user.token,
      body: { password: user.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const okTrpc = await h.trpc(
      'mutation',
      'twoFactor.enable',
      { password: user.password },
      { token: user.token },
    );
    expect(okTrpc.status).toBe(200);
    expect(okTrpc.body.result.data.data.secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('refuses malformed codes as validation errors', async () => {
    const user = await h.createUser({ verified: true });
    await h.rest('POST', '/two-factor/enable', {
      token: user.token,
      body: { password: user.password },
    });
    for (const code of ['12ab56', '1234567', '', 12]) {
      const res = await h.rest('POST', '/two-factor/confirm', {
        token: user.token,
        body: { code },
      });
      expect(res.status).toBe(422);
    }
  });

  it('accepts ±1 step of drift, refuses ±2 and replays', async () => {
    const user = await h.createUser({ verified: true });
    const { secret } = await enableFor(user);
    // the confirming step is already used: the same code is a replay
    expect(await verifyUserTwoFactorCode(h.deps, user.id, codeAt(secret, T0), 'totp')).toBe(false);

    h.clock.set(new Date(T0.getTime() + 10 * 30_000));
    expect(await verifyUserTwoFactorCode(h.deps, user.id, codeAt(secret, shift(-2)), 'totp')).toBe(
      false,
    );
    expect(await verifyUserTwoFactorCode(h.deps, user.id, codeAt(secret, shift(2)), 'totp')).toBe(
      false,
    );
    expect(await verifyUserTwoFactorCode(h.deps, user.id, codeAt(secret, shift(-1)), 'totp')).toBe(
      true,
    );
    // replay of the same step
    expect(await verifyUserTwoFactorCode(h.deps, user.id, codeAt(secret, shift(-1)), 'totp')).toBe(
      false,
    );
    expect(await verifyUserTwoFactorCode(h.deps, user.id, codeAt(secret, shift(1)), 'totp')).toBe(
      true,
    );
    // an earlier step after a later one was accepted is refused
    expect(await verifyUserTwoFactorCode(h.deps, user.id, codeAt(secret, shift(0)), 'totp')).toBe(
      false,
    );
    expect(await verifyUserTwoFactorCode(h.deps, user.id, 'abcdef', 'totp')).toBe(false);
  });

  it('uses each recovery code once, and regeneration replaces them all', async () => {
    const user = await h.createUser({ verified: true });
    const { codes } = await enableFor(user);
    expect(
      await verifyUserTwoFactorCode(h.deps, user.id, codes[0]!.toLowerCase(), 'recovery'),
    ).toBe(true);
    expect(await verifyUserTwoFactorCode(h.deps, user.id, codes[0]!, 'recovery')).toBe(false);
    const status = await h.rest('GET', '/two-factor/status', { token: user.token });
    expect(status.body.data.recovery_codes_count).toBe(7);
    const mails = await h.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('user_id', '=', user.id)
      .execute();
    expect(mails.map((m) => m.kind)).toContain('two-factor-recovery-code-used');

    const blank = await h.rest('POST', '/two-factor/recovery-codes', {
      token: user.token,
      body: { password: '   ' },
    });
    expect(blank.status).toBe(422);
    const wrong = await h.rest('POST', '/two-factor/recovery-codes', {
      token: user.token,
      body: { password: 'not-my-password' },
    });
    expect(wrong.status).toBe(422);
    const fresh = await h.rest('POST', '/two-factor/recovery-codes', {
      token: user.token,
      body: { password: user.password },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.message).toBe('New recovery codes generated successfully!');
    expect(fresh.body.data.recovery_codes).toHaveLength(8);
    expect(await verifyUserTwoFactorCode(h.deps, user.id, codes[1]!, 'recovery')).toBe(false);
    expect(
      await verifyUserTwoFactorCode(h.deps, user.id, fresh.body.data.recovery_codes[0], 'recovery'),
    ).toBe(true);
  });

  it('disables only with the right password', async () => {
    const user = await h.createUser({ verified: true });
    await enableFor(user);
    const missing = await h.rest('POST', '/two-factor/disable', { token: user.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Password is required');
    const wrong = await h.rest('POST', '/two-factor/disable', {
      token: user.token,
      body: { password: 'wrong-password' },
    });
    expect(wrong.status).toBe(422);
    expect(
      (await h.rest('GET', '/two-factor/status', { token: user.token })).body.data.confirmed,
    ).toBe(true);
    const ok = await h.rest('POST', '/two-factor/disable', {
      token: user.token,
      body: { password: user.password },
    });
    expect(ok.status).toBe(200);
    expect((await h.rest('GET', '/two-factor/status', { token: user.token })).body.data).toEqual({
      confirmed: false,
      recovery_codes_count: 0,
    });
    const left = await h.db
      .selectFrom('two_factor_recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toHaveLength(0);
    const events = await h.db
      .selectFrom('activity_events')
      .select(['action', 'severity'])
      .where('user_id', '=', user.id)
      .execute();
    expect(events.find((e) => e.action === 'two_factor.disabled')?.severity).toBe('high');
  });

  it('signs in through the challenge with TOTP and recovery codes', async () => {
    const user = await h.createUser({ verified: true });
    const { secret, codes } = await enableFor(user);
    let challenge: string | undefined;
    const verify = (code: string, type = 'totp') =>
      h.rest('POST', '/auth/two-factor/verify', {
        body: { email: user.email, code, type, challenge_token: challenge },
      });
    const passwordStep = async () => {
      const res = await h.rest('POST', '/auth/login', {
        body: { email: user.email, password: user.password },
      });
      challenge = res.body.data.challenge_token as string;
      return res;
    };

    // without the password step a right code fails like a wrong one
    h.clock.set(new Date(T0.getTime() + 5 * 30_000));
    const early = await verify(codeAt(secret, h.clock.now()));
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('Invalid verification code');

    const login = await passwordStep();
    expect(login.body).toMatchObject({
      success: true,
      message: 'Two-factor authentication required',
      data: { two_factor_required: true, email: user.email },
    });
    expect(login.body.data.token).toBeUndefined();
    const ok = await verify(codeAt(secret, h.clock.now()));
    expect(ok.status).toBe(200);
    expect(typeof ok.body.data.token).toBe('string');

    // replay of the same code with a fresh challenge
    await passwordStep();
    expect((await verify(codeAt(secret, h.clock.now()))).status).toBe(422);
    const rec = await verify(codes[2]!.toLowerCase(), 'recovery');
    expect(rec.status).toBe(200);
    const status = await h.rest('GET', '/two-factor/status', { token: user.token });
    expect(status.body.data.recovery_codes_count).toBe(7);

    // challenge expiry (5 minutes)
    await passwordStep();
    h.clock.set(new Date(h.clock.now().getTime() + 6 * 60_000));
    expect((await verify(codeAt(secret, h.clock.now()))).status).toBe(422);

    // wrong type / format are validation errors, not 500s
    const badType = await h.rest('POST', '/auth/two-factor/verify', {
      body: { email: user.email, code: '123456', type: 'sms' },
    });
    expect(badType.status).toBe(422);
    expect((await verify('12ab56')).status).toBe(422);
    expect((await verify('1234567')).status).toBe(422);
  });

  it('closes the challenge after 5 wrong codes and throttles verification', async () => {
    const user = await h.createUser({ verified: true });
    const { secret } = await enableFor(user);
    h.clock.set(new Date(T0.getTime() + 20 * 30_000));
    let challenge: string | undefined;
    const passwordStep = async () => {
      const res = await h.rest('POST', '/auth/login', {
        body: { email: user.email, password: user.password },
      });
      challenge = res.body.data.challenge_token as string;
    };
    await passwordStep();
    const verify = (code: string) =>
      h.rest('POST', '/auth/two-factor/verify', {
        body: { email: user.email, code, type: 'totp', challenge_token: challenge },
      });
    for (let i = 0; i < 5; i++) expect((await verify('000000')).status).toBe(422);
    expect((await verify(codeAt(secret, h.clock.now()))).status).toBe(429);
    await h.deps.rateLimiter.resetAll();
    // the challenge is closed: even the right code fails until the password is entered again
    expect((await verify(codeAt(secret, h.clock.now()))).status).toBe(422);
    await passwordStep();
    h.clock.set(new Date(h.clock.now().getTime() + 30_000));
    expect((await verify(codeAt(secret, h.clock.now()))).status).toBe(200);
  });

  it('requires a session', async () => {
    expect((await h.rest('GET', '/two-factor/status')).status).toBe(401);
    expect((await h.rest('POST', '/two-factor/enable')).status).toBe(401);
    expect(
      (await h.rest('POST', '/two-factor/enable', { body: { password: 'anything' } })).status,
    ).toBe(401);
  });
});
