import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../../src/testing/harness';
import { totp } from '../../src/testing/totp';
import { useHarness } from '../../src/testing/use-harness';
import {
  activityOf,
  enableTwoFactor,
  mailKindsOf,
  rowsOfUser,
  T0,
  twoFactorCalls,
} from './fixtures';

let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });
const twoFactor = twoFactorCalls(() => h);

describe('two-factor lifecycle', () => {
  it('enables in two steps, with the QR rendered here and the secret encrypted at rest', async () => {
    h.clock.set(T0);
    const user = await h.createUser({ verified: true });
    const storedSecret = () =>
      h.db
        .selectFrom('two_factor_secrets')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
    const status0 = await twoFactor.status(user);
    expect(status0.body).toEqual({
      success: true,
      data: { confirmed: false, recovery_codes_count: 0 },
    });

    const first = await twoFactor.withPassword('enable', user, user.password);
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
    const second = await twoFactor.withPassword('enable', user, user.password);
    const secret2 = second.body.data.secret as string;
    expect(secret2).not.toBe(secret);
    const status1 = await twoFactor.status(user);
    expect(status1.body.data.confirmed).toBe(false);

    // the old pending secret no longer confirms
    const stale = await twoFactor.confirm(user, totp(secret, h.clock.now()));
    expect(stale.status).toBe(422);
    expect(stale.body.message).toBe('Invalid verification code');

    expect(JSON.stringify(await storedSecret())).not.toContain(secret2);

    const ok = await twoFactor.confirm(user, totp(secret2, h.clock.now()));
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Two-factor authentication has been enabled successfully!');
    const codes = ok.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);

    const stored = await rowsOfUser(h, 'two_factor_recovery_codes', user.id);
    expect(stored).toHaveLength(8);
    for (const s of stored) expect(codes).not.toContain(s.code_hash);
    expect(JSON.stringify(await storedSecret())).not.toContain(secret2);

    const status2 = await twoFactor.status(user);
    expect(status2.body.data).toEqual({ confirmed: true, recovery_codes_count: 8 });
    const me = await h.rest('GET', '/user', { token: user.token });
    expect(me.body.data.two_factor_enabled).toBe(true);

    expect(await mailKindsOf(h, user.id)).toContain('two-factor-enabled');
    const events = await activityOf(h, user.id);
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
    const wrong = await twoFactor.withPassword('enable', user, 'not my password');
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('The password is incorrect.');
    expect(wrong.body.errors.password).toEqual(['The password is incorrect.']);
    const wrongTrpc = await twoFactor.enableOverTrpc(user, 'not my password');
    expect(wrongTrpc.status).toBe(422);
    expect(wrongTrpc.body.error.message).toBe('The password is incorrect.');
    // nothing was set up by the refused calls
    const rows = await rowsOfUser(h, 'two_factor_secrets', user.id);
    expect(rows).toHaveLength(0);

    const ok = await twoFactor.withPassword('enable', user, user.password);
    expect(ok.status).toBe(200);
    expect(ok.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const okTrpc = await twoFactor.enableOverTrpc(user, user.password);
    expect(okTrpc.status).toBe(200);
    expect(okTrpc.body.result.data.data.secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('refuses malformed codes as validation errors', async () => {
    const user = await h.createUser({ verified: true });
    await twoFactor.withPassword('enable', user, user.password);
    for (const code of ['12ab56', '1234567', '', 12]) {
      const res = await twoFactor.confirm(user, code);
      expect(res.status).toBe(422);
    }
  });

  it('disables only with the right password', async () => {
    const user = await h.createUser({ verified: true });
    h.clock.set(T0);
    await enableTwoFactor(h, user);
    const missing = await h.rest('POST', '/two-factor/disable', { token: user.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Password is required');
    const wrong = await twoFactor.withPassword('disable', user, 'wrong-password');
    expect(wrong.status).toBe(422);
    expect((await twoFactor.status(user)).body.data.confirmed).toBe(true);
    const ok = await twoFactor.withPassword('disable', user, user.password);
    expect(ok.status).toBe(200);
    expect((await twoFactor.status(user)).body.data).toEqual({
      confirmed: false,
      recovery_codes_count: 0,
    });
    const left = await rowsOfUser(h, 'two_factor_recovery_codes', user.id);
    expect(left).toHaveLength(0);
    const events = await activityOf(h, user.id);
    expect(events.find((e) => e.action === 'two_factor.disabled')?.severity).toBe('high');
  });

  it('requires a session', async () => {
    expect((await h.rest('GET', '/two-factor/status')).status).toBe(401);
    expect((await h.rest('POST', '/two-factor/enable')).status).toBe(401);
    expect(
      (await h.rest('POST', '/two-factor/enable', { body: { password: 'anything' } })).status,
    ).toBe(401);
  });
});
