import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPendingMail } from '@scmp/api';
import { authenticatorFor } from '../../src/testing/passkey-helpers';
import { startLoggedServer, type LoggedServer } from './log-capture';

/**
 * Runs a realistic account flow against a server whose logger is the production configuration
 * (at trace level, the most talkative) writing into memory, then scans every log line for the
 * secrets that travelled in the requests.
 */
let server: LoggedServer;

beforeAll(async () => {
  server = await startLoggedServer();
  const { h, call, expectStatus, totp, remember, rememberCode, lastMailLink } = server;

  // 1. Registration and e-mail verification (the signed link, through the API and the page).
  const email = `log-scan-${Date.now()}@example.com`;
  const password = remember('password (registration)', 'Reg!stered-Passphrase-91');
  const reg = expectStatus(
    await call('POST', '/api/v1/auth/register', {
      body: { name: 'Log Scan', email, password, password_confirmation: password },
    }),
    201,
    'register',
  );
  const regToken = remember('bearer token (registration)', reg.data.token as string);
  const verifyLink = new URL(await lastMailLink(email, '/verify-email/'));
  remember('verification signature', verifyLink.searchParams.get('signature')!);
  await call('GET', `${verifyLink.pathname}${verifyLink.search}`, {
    headers: { accept: 'text/html' },
  });
  expectStatus(
    await call('GET', `/api/v1/auth${verifyLink.pathname}${verifyLink.search}`, {
      token: regToken,
    }),
    200,
    'verify e-mail',
  );

  // 2. Sign-in, two-factor on, sign-in with an authenticator code.
  const login = expectStatus(
    await call('POST', '/api/v1/auth/login', { body: { email, password } }),
    200,
    'login',
  );
  const token = remember('bearer token (login)', login.data.token as string);
  const enabled = expectStatus(
    await call('POST', '/api/v1/two-factor/enable', { token, body: { password } }),
    200,
    '2fa enable',
  );
  const secret = remember('TOTP secret', enabled.data.secret as string);
  const confirmed = expectStatus(
    await call('POST', '/api/v1/two-factor/confirm', {
      token,
      body: { code: rememberCode('TOTP code (confirm)', totp(secret)) },
    }),
    200,
    '2fa confirm',
  );
  for (const rc of confirmed.data.recovery_codes as string[]) remember('recovery code', rc);
  h.clock.advance(60_000);
  const challengeLogin = expectStatus(
    await call('POST', '/trpc/auth.login', { body: { email, password } }),
    200,
    'login (tRPC, 2FA)',
  );
  const challenge = remember(
    'two-factor challenge token (tRPC)',
    challengeLogin.result.data.data.challenge_token as string,
  );
  // The browser's way: the challenge travels in the cookie.
  const twoFactor = expectStatus(
    await call('POST', '/api/v1/auth/two-factor/verify', {
      body: { email, code: rememberCode('TOTP code (sign-in)', totp(secret)) },
      headers: { cookie: `scmp_login_challenge=${challenge}` },
    }),
    200,
    '2fa verify',
  );
  const token2 = remember('bearer token (2FA sign-in)', twoFactor.data.token as string);

  // 3. Forgot and reset password (the emailed link opens the page with the token in the query).
  expectStatus(
    await call('POST', '/api/v1/auth/forgot-password', { body: { email } }),
    200,
    'forgot password',
  );
  const resetLink = new URL(await lastMailLink(email, '/reset-password'));
  const resetToken = remember('reset token', resetLink.searchParams.get('token')!);
  await call('GET', `${resetLink.pathname}${resetLink.search}`, {
    headers: { accept: 'text/html' },
  });
  const newPassword = remember('password (reset)', 'Reset!Passphrase-2026-xy');
  expectStatus(
    await call('POST', '/api/v1/auth/reset-password', {
      body: { email, token: resetToken, password: newPassword, password_confirmation: newPassword },
    }),
    200,
    'reset password',
  );

  // 4. Sign in again (the reset ended every session), bearer calls through both doors, and a
  // password change.
  expectStatus(
    await call('GET', '/api/v1/user', { token: token2 }),
    401,
    'old session after reset',
  );
  h.clock.advance(60_000);
  const afterReset = expectStatus(
    await call('POST', '/api/v1/auth/login', { body: { email, password: newPassword } }),
    200,
    'login after reset',
  );
  const again = expectStatus(
    await call('POST', '/api/v1/auth/two-factor/verify', {
      body: {
        email,
        code: rememberCode('TOTP code (after reset)', totp(secret)),
        challenge_token: remember(
          'two-factor challenge token (REST)',
          afterReset.data.challenge_token as string,
        ),
      },
    }),
    200,
    '2fa verify after reset',
  );
  const token3 = remember('bearer token (after reset)', again.data.token as string);
  expectStatus(await call('GET', '/api/v1/user', { token: token3 }), 200, 'GET /user');
  await call('GET', '/trpc/auth.me', { token: token3 });
  const changed = remember('password (changed)', 'Changed!Passphrase-2026-zz');
  expectStatus(
    await call('PUT', '/api/v1/profile/password', {
      token: token3,
      body: { current_password: newPassword, password: changed, password_confirmation: changed },
    }),
    200,
    'change password',
  );

  // 4b. A passkey: added with that session, then a sign-in with it the browser's way (the
  // challenge in its cookie).
  const device = authenticatorFor(h);
  const creation = expectStatus(
    await call('POST', '/api/v1/passkeys/registration/options', { token: token3, body: {} }),
    200,
    'passkey registration options',
  );
  expectStatus(
    await call('POST', '/api/v1/passkeys/registration/verify', {
      token: token3,
      body: { name: 'Office laptop', response: device.register(creation.data).response },
    }),
    201,
    'passkey registration',
  );
  const request = expectStatus(
    await call('POST', '/api/v1/auth/passkey/options', { body: {} }),
    200,
    'passkey sign-in options',
  );
  const passkeyChallenge = remember(
    'passkey challenge token',
    request.data.challenge_token as string,
  );
  const passkeySignIn = expectStatus(
    await call('POST', '/api/v1/auth/passkey/verify', {
      body: { response: device.assert(request.data.options) },
      headers: { cookie: `scmp_passkey_challenge=${passkeyChallenge}` },
    }),
    200,
    'passkey sign-in',
  );
  remember('bearer token (passkey sign-in)', passkeySignIn.data.token as string);

  // 5. Failing requests: wrong password, a forged token, broken JSON, a server error.
  const wrong = remember('password (wrong)', 'Wrong!Guess-Passphrase-77');
  expectStatus(
    await call('POST', '/api/v1/auth/login', { body: { email, password: wrong } }),
    401,
    'wrong password',
  );
  const forged = remember('bearer token (forged)', 'forged-token-0123456789abcdefghijklmn');
  expectStatus(await call('GET', '/api/v1/user', { token: forged }), 401, 'forged token');
  const broken = remember('password (broken JSON)', 'Broken!Json-Passphrase-55');
  await call('POST', '/api/v1/auth/login', { raw: `{"email":"${email}","password":"${broken}` });
  const recovery = confirmed.data.recovery_codes[0] as string;
  expectStatus(
    await call('POST', '/api/v1/auth/two-factor/verify', {
      body: { email, code: recovery, type: 'recovery' },
    }),
    422, // no open challenge
    'recovery code without a challenge',
  );
  const queryToken = remember('token in a query string', 'query-token-abcdefghijklmnop0123');
  await call('GET', `/api/v1/user?token=${queryToken}`, { token: token3 });
  const mailer = h.deps.mailer.send;
  h.deps.mailer.send = () => Promise.reject(new Error('mail outbox unavailable'));
  try {
    h.clock.advance(120_000); // past the one-e-mail-per-minute gap
    expectStatus(
      await call('POST', '/api/v1/auth/forgot-password', { body: { email } }),
      500,
      'forced server error',
    );
  } finally {
    h.deps.mailer.send = mailer;
  }

  // 6. Mail delivery over a (fake) SMTP transport that fails, then succeeds.
  await deliverPendingMail(h.deps, { sendMail: () => Promise.reject(new Error('421 busy')) });
  h.clock.advance(3_600_000);
  await deliverPendingMail(h.deps, { sendMail: () => Promise.resolve({}) as never });

  // 7. Without SMTP the outbox keeps the message and the log says where to read it.
  h.clock.advance(120_000);
  expectStatus(
    await call('POST', '/api/v1/auth/forgot-password', { body: { email } }),
    200,
    'forgot password (outbox only)',
  );
  const outboxLink = await lastMailLink(email, '/reset-password');
  remember('reset token kept in the outbox', new URL(outboxLink).searchParams.get('token')!);
  await deliverPendingMail(h.deps);
}, 60_000);

afterAll(() => server?.close());

describe('logs', () => {
  it('captured the flow: one access line per request, and the forced error', () => {
    const text = server.lines.join('');
    expect(server.requests()).toBeGreaterThan(25);
    const access = server.lines.filter((line) => line.includes('"msg":"request"'));
    expect(access).toHaveLength(server.requests());
    expect(text).not.toContain('incoming request');
    expect(text).not.toContain('request completed');
    expect(text).toMatch(/"url":"\/api\/v1\/user","status":200,"ms":[\d.]+,"userId":\d+/);
    expect(text).toContain('mail outbox unavailable');
    expect(text).toContain('/reset-password?token=[redacted]&email=[redacted]');
    expect(text).toContain('"url":"/api/v1/user?token=[redacted]"');
    expect(text).toContain('mail stored (no SMTP)');
  });

  it('contain no bearer token, password, TOTP secret or code, recovery code, signature or reset token', () => {
    expect(server.secrets.length).toBeGreaterThan(15);
    const found: string[] = [];
    for (const line of server.lines) {
      for (const s of server.secrets) {
        const hit = typeof s.value === 'string' ? line.includes(s.value) : s.value.test(line);
        if (hit) found.push(`${s.label}: ${line.slice(0, 300)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
