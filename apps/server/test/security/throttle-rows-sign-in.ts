import { expect } from 'vitest';
import { authenticatorFor, registerPasskey } from '../../src/testing/passkey-helpers';
import {
  anonymous,
  byAccount,
  harness,
  newPassword,
  passkeyRegistration,
  passkeySignIn,
  type Row,
  send,
  signIn,
  STRAY_ASSERTION,
  totp,
} from './throttle-fixtures';

/** The throttled ways in: sign-in, two-factor, passkeys, registration and password recovery. */
export const SIGN_IN_THROTTLES: Row[] = [
  {
    op: 'POST /auth/login',
    limit: 5,
    windowSeconds: 60,
    key: 'account+ip',
    okStatuses: [401],
    attempt: (s) => anonymous('/auth/login', { email: s.user.email, password: 'wrong password' })(),
    legit: signIn,
    legitStatus: 200,
  },
  {
    op: 'POST /auth/two-factor/verify',
    limit: 5,
    windowSeconds: 60,
    key: 'account+ip',
    okStatuses: [422],
    setup: async (s) => {
      const h = harness();
      const enable = await h.rest('POST', '/two-factor/enable', {
        token: s.user.token,
        body: { password: s.user.password },
      });
      s.secret = enable.body.data.secret as string;
      const confirm = await h.rest('POST', '/two-factor/confirm', {
        token: s.user.token,
        body: { code: totp(s.secret) },
      });
      expect(confirm.status).toBe(200);
      h.clock.advance(60_000); // the confirming code's step is used up
    },
    attempt: (s) => anonymous('/auth/two-factor/verify', { email: s.user.email, code: '000000' })(),
    legit: async (s, ip) => {
      const login = await signIn(s, ip);
      expect(login.body.data?.two_factor_required).toBe(true);
      const body = {
        email: s.user.email,
        code: totp(s.secret!),
        challenge_token: login.body.data.challenge_token,
      };
      return send(anonymous('/auth/two-factor/verify', body)(), ip);
    },
    legitStatus: 200,
  },
  {
    op: 'POST /auth/passkey/options',
    limit: 60,
    windowSeconds: 60,
    key: 'ip',
    okStatuses: [200],
    attempt: anonymous('/auth/passkey/options'),
    legitStatus: 200,
  },
  {
    op: 'POST /auth/passkey/verify',
    limit: 30,
    windowSeconds: 60,
    key: 'ip',
    okStatuses: [401],
    setup: async (s) => {
      s.device = authenticatorFor(harness());
      await registerPasskey(harness(), s.user.token, s.device);
    },
    attempt: anonymous('/auth/passkey/verify', {
      challenge_token: 'not-a-challenge',
      response: STRAY_ASSERTION,
    }),
    legit: passkeySignIn,
    legitStatus: 200,
  },
  {
    op: 'POST /passkeys/registration/options',
    limit: 10,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [200],
    attempt: byAccount('POST', '/passkeys/registration/options'),
    legitStatus: 200,
  },
  {
    op: 'POST /passkeys/registration/verify',
    limit: 10,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [422],
    attempt: byAccount('POST', '/passkeys/registration/verify', {
      name: 'Laptop',
      response: {
        ...STRAY_ASSERTION,
        response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
      },
    }),
    legit: passkeyRegistration,
    legitStatus: 201,
  },
  {
    op: 'POST /auth/register',
    limit: 60,
    windowSeconds: 60,
    key: 'ip',
    okStatuses: [422], // an address already taken: counted, and cheap (no hashing)
    attempt: (s) =>
      anonymous('/auth/register', { name: 'Someone', email: s.user.email, ...newPassword() })(),
    legit: (s, ip) => {
      const email = `newcomer-${(s.seq += 1)}-${Date.now()}@example.com`;
      return send(anonymous('/auth/register', { name: 'Newcomer', email, ...newPassword() })(), ip);
    },
    legitStatus: 201,
  },
  ...(
    [
      ['/auth/resend-verification', 6],
      ['/auth/forgot-password', 10],
    ] as const
  ).map(([path, limit]): Row => ({
    op: `POST ${path}`,
    limit,
    windowSeconds: 60,
    key: 'ip',
    okStatuses: [200],
    attempt: (s) => anonymous(path, { email: s.user.email })(),
    legitStatus: 200,
  })),
  {
    op: 'POST /auth/reset-password',
    limit: 10,
    windowSeconds: 60,
    key: 'ip',
    okStatuses: [400, 422],
    attempt: (s) =>
      anonymous('/auth/reset-password', {
        email: s.user.email,
        token: 'not-the-token',
        ...newPassword(),
      })(),
    legit: async (_s, ip) => {
      // A fresh account each time: one live reset token per user, one e-mail per 60 s.
      const h = harness();
      const owner = await h.createUser({ verified: true });
      await send(anonymous('/auth/forgot-password', { email: owner.email })(), ip);
      const mail = await h.db
        .selectFrom('mail_outbox')
        .select('text')
        .where('to_address', '=', owner.email)
        .executeTakeFirstOrThrow();
      const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(token).toBeTruthy();
      const reset = { email: owner.email, token, ...newPassword() };
      return send(anonymous('/auth/reset-password', reset)(), ip);
    },
    legitStatus: 200,
  },
];
