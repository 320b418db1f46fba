import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPendingMail } from '@scmp/api';
import { buildApp } from '../../src/app';
import { loggerOptions } from '../../src/logging/logger-options';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import { authenticatorFor } from '../../src/testing/passkey-helpers';

/**
 * Runs a realistic account flow against a server whose logger is the production configuration
 * (at trace level, the most talkative) writing into memory, then scans every log line for the
 * secrets that travelled in the requests.
 */
let h: TestHarness;
let app: FastifyInstance;
const lines: string[] = [];
let requests = 0;
const secrets: { label: string; value: string | RegExp }[] = [];

type Res = { status: number; body: Json };

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Res> {
  requests += 1;
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(options.body !== undefined || options.raw !== undefined
        ? { 'content-type': 'application/json' }
        : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.raw !== undefined ? { payload: options.raw } : {}),
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
  let body: Json = {};
  try {
    body = JSON.parse(res.body) as Json;
  } catch {
    body = {};
  }
  return { status: res.statusCode, body };
}

function expectStatus(res: Res, status: number, what: string): Json {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}

const totp = (secret: string) =>
  generateSync({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) });

function remember(label: string, value: string): string {
  secrets.push({ label, value });
  return value;
}

/** A TOTP code is six digits: only a standalone occurrence counts (not part of a timestamp). */
function rememberCode(label: string, code: string): string {
  secrets.push({ label, value: new RegExp(`\\b${code}\\b`) });
  return code;
}

async function lastMailLink(to: string, pathPart: string): Promise<string> {
  const mail = await h.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  expect(link).toBeTruthy();
  return link!;
}

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'scmp-logscan-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SCMP</title>');
  h = await createHarness({ webDistDir: dist });
  const stream = { write: (chunk: string) => void lines.push(chunk) };
  // Same database and dependencies; this app's logger also becomes deps.logger (services log too).
  app = await buildApp(h.deps, h.config, { logger: { ...loggerOptions('trace'), stream } });
  await app.ready();

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

afterAll(async () => {
  await app?.close();
  await h?.close();
});

describe('logs', () => {
  it('captured the flow: one access line per request, and the forced error', () => {
    const text = lines.join('');
    expect(requests).toBeGreaterThan(25);
    const access = lines.filter((line) => line.includes('"msg":"request"'));
    expect(access).toHaveLength(requests);
    expect(text).not.toContain('incoming request');
    expect(text).not.toContain('request completed');
    expect(text).toMatch(/"url":"\/api\/v1\/user","status":200,"ms":[\d.]+,"userId":\d+/);
    expect(text).toContain('mail outbox unavailable');
    expect(text).toContain('/reset-password?token=[redacted]&email=[redacted]');
    expect(text).toContain('"url":"/api/v1/user?token=[redacted]"');
    expect(text).toContain('mail stored (no SMTP)');
  });

  it('contain no bearer token, password, TOTP secret or code, recovery code, signature or reset token', () => {
    expect(secrets.length).toBeGreaterThan(15);
    const found: string[] = [];
    for (const line of lines) {
      for (const s of secrets) {
        const hit = typeof s.value === 'string' ? line.includes(s.value) : s.value.test(line);
        if (hit) found.push(`${s.label}: ${line.slice(0, 300)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
