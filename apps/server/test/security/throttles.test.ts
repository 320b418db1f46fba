import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import { authenticatorFor, registerPasskey } from '../../src/testing/passkey-helpers';
import type { SoftwareAuthenticator } from '../../src/testing/software-authenticator';

/**
 * Every throttled operation, driven through the REST door. The server does not trust proxy
 * headers by default (TRUST_PROXY=false), so ctx.req.ip is the socket address: each request sets
 * it with inject's remoteAddress.
 *
 * key: 'ip' counts per client address; 'account+ip' per account and address (an attacker's
 * address never locks the owner out from theirs); 'account' per signed-in user (only the
 * account's own sessions can spend it). Every limit is a fixed window and recovers on its own.
 */
type Key = 'ip' | 'account+ip' | 'account';
type User = Awaited<ReturnType<TestHarness['createUser']>>;
type State = {
  user: User;
  other: User;
  secret?: string;
  seq: number;
  device?: SoftwareAuthenticator;
};
type Req = { method: 'POST' | 'PUT'; path: string; body: Json; token?: string };
type Res = { status: number; headers: Record<string, unknown>; body: Json };

type Row = {
  op: string;
  limit: number;
  windowSeconds: number;
  key: Key;
  /** Statuses the counted attempts answer before the limit. */
  okStatuses: number[];
  setup?: (s: State) => Promise<void>;
  /** One counted attempt (for 'account' rows, made by `who`). */
  attempt: (s: State, who: User) => Req;
  /** A legitimate use from `ip` by `who` (default: the attempt itself); succeeds unless spent. */
  legit?: (s: State, ip: string, who: User) => Promise<Res>;
  legitStatus: number;
};

let h: TestHarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

async function send(req: Req, ip: string): Promise<Res> {
  const res = await h.app.inject({
    method: req.method,
    url: `/api/v1${req.path}`,
    remoteAddress: ip,
    headers: {
      'content-type': 'application/json',
      ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
    },
    payload: JSON.stringify(req.body),
  });
  let body: Json = {};
  try {
    body = JSON.parse(res.body) as Json;
  } catch {
    body = {};
  }
  return { status: res.statusCode, headers: res.headers, body };
}

const totp = (secret: string) =>
  generateSync({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) });

const NEW_PASSWORD = 'Fresh!Passphrase-2026';

/** A well-formed assertion that answers nothing: counted, then refused. */
const STRAY_ASSERTION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
};

/** A passkey sign-in from `ip`: options, the software authenticator's assertion, verify. */
async function passkeySignIn(s: State, ip: string): Promise<Res> {
  const options = await send({ method: 'POST', path: '/auth/passkey/options', body: {} }, ip);
  if (options.status !== 200) return options;
  return send(
    {
      method: 'POST',
      path: '/auth/passkey/verify',
      body: {
        challenge_token: options.body.data.challenge_token,
        response: s.device!.assert(options.body.data.options),
      },
    },
    ip,
  );
}

/** A whole passkey registration by `who` from `ip`. */
async function passkeyRegistration(ip: string, who: User): Promise<Res> {
  const options = await send(
    { method: 'POST', path: '/passkeys/registration/options', token: who.token, body: {} },
    ip,
  );
  if (options.status !== 200) return options;
  const { response } = authenticatorFor(h).register(options.body.data);
  return send(
    {
      method: 'POST',
      path: '/passkeys/registration/verify',
      token: who.token,
      body: { name: 'Laptop', response },
    },
    ip,
  );
}

const THROTTLES: Row[] = [
  {
    op: 'POST /auth/login',
    limit: 5,
    windowSeconds: 60,
    key: 'account+ip',
    okStatuses: [401],
    attempt: (s) => ({
      method: 'POST',
      path: '/auth/login',
      body: { email: s.user.email, password: 'wrong password' },
    }),
    legit: (s, ip) =>
      send(
        {
          method: 'POST',
          path: '/auth/login',
          body: { email: s.user.email, password: s.user.password },
        },
        ip,
      ),
    legitStatus: 200,
  },
  {
    op: 'POST /auth/two-factor/verify',
    limit: 5,
    windowSeconds: 60,
    key: 'account+ip',
    okStatuses: [422],
    setup: async (s) => {
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
    attempt: (s) => ({
      method: 'POST',
      path: '/auth/two-factor/verify',
      body: { email: s.user.email, code: '000000' },
    }),
    legit: async (s, ip) => {
      const login = await send(
        {
          method: 'POST',
          path: '/auth/login',
          body: { email: s.user.email, password: s.user.password },
        },
        ip,
      );
      expect(login.body.data?.two_factor_required).toBe(true);
      return send(
        {
          method: 'POST',
          path: '/auth/two-factor/verify',
          body: {
            email: s.user.email,
            code: totp(s.secret!),
            challenge_token: login.body.data.challenge_token,
          },
        },
        ip,
      );
    },
    legitStatus: 200,
  },
  {
    op: 'POST /auth/passkey/options',
    limit: 60,
    windowSeconds: 60,
    key: 'ip',
    okStatuses: [200],
    attempt: () => ({ method: 'POST', path: '/auth/passkey/options', body: {} }),
    legitStatus: 200,
  },
  {
    op: 'POST /auth/passkey/verify',
    limit: 30,
    windowSeconds: 60,
    key: 'ip',
    okStatuses: [401],
    setup: async (s) => {
      s.device = authenticatorFor(h);
      await registerPasskey(h, s.user.token, s.device);
    },
    attempt: () => ({
      method: 'POST',
      path: '/auth/passkey/verify',
      body: { challenge_token: 'not-a-challenge', response: STRAY_ASSERTION },
    }),
    legit: (s, ip) => passkeySignIn(s, ip),
    legitStatus: 200,
  },
  {
    op: 'POST /passkeys/registration/options',
    limit: 10,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [200],
    attempt: (_s, who) => ({
      method: 'POST',
      path: '/passkeys/registration/options',
      token: who.token,
      body: {},
    }),
    legitStatus: 200,
  },
  {
    op: 'POST /passkeys/registration/verify',
    limit: 10,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [422],
    attempt: (_s, who) => ({
      method: 'POST',
      path: '/passkeys/registration/verify',
      token: who.token,
      body: {
        name: 'Laptop',
        response: {
          ...STRAY_ASSERTION,
          response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
        },
      },
    }),
    legit: (_s, ip, who) => passkeyRegistration(ip, who),
    legitStatus: 201,
  },
  {
    op: 'POST /auth/register',
    limit: 60,
    windowSeconds: 60,
    key: 'ip',
    okStatuses: [422], // an address already taken: counted, and cheap (no hashing)
    attempt: (s) => ({
      method: 'POST',
      path: '/auth/register',
      body: {
        name: 'Someone',
        email: s.user.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    }),
    legit: (s, ip) =>
      send(
        {
          method: 'POST',
          path: '/auth/register',
          body: {
            name: 'Newcomer',
            email: `newcomer-${(s.seq += 1)}-${Date.now()}@example.com`,
            password: NEW_PASSWORD,
            password_confirmation: NEW_PASSWORD,
          },
        },
        ip,
      ),
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
    attempt: (s) => ({ method: 'POST', path, body: { email: s.user.email } }),
    legitStatus: 200,
  })),
  {
    op: 'POST /auth/reset-password',
    limit: 10,
    windowSeconds: 60,
    key: 'ip',
    okStatuses: [400, 422],
    attempt: (s) => ({
      method: 'POST',
      path: '/auth/reset-password',
      body: {
        email: s.user.email,
        token: 'not-the-token',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    }),
    legit: async (_s, ip) => {
      // A fresh account each time: one live reset token per user, one e-mail per 60 s.
      const owner = await h.createUser({ verified: true });
      const body = { email: owner.email };
      await send({ method: 'POST', path: '/auth/forgot-password', body }, ip);
      const mail = await h.db
        .selectFrom('mail_outbox')
        .select('text')
        .where('to_address', '=', owner.email)
        .executeTakeFirstOrThrow();
      const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(token).toBeTruthy();
      const reset = {
        email: owner.email,
        token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      };
      return send({ method: 'POST', path: '/auth/reset-password', body: reset }, ip);
    },
    legitStatus: 200,
  },
  {
    op: 'PUT /profile/password',
    limit: 5,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [422],
    attempt: (_s, who) => ({
      method: 'PUT',
      path: '/profile/password',
      token: who.token,
      body: {
        current_password: 'not my password',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    }),
    legit: async (s, ip, who) => {
      const next = `${NEW_PASSWORD}-${(s.seq += 1)}`;
      const body = { current_password: who.password, password: next, password_confirmation: next };
      const res = await send(
        { method: 'PUT', path: '/profile/password', token: who.token, body },
        ip,
      );
      if (res.status === 200) who.password = next;
      return res;
    },
    legitStatus: 200,
  },
  {
    op: 'POST /user/confirm-password',
    limit: 5,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [422],
    attempt: (_s, who) => ({
      method: 'POST',
      path: '/user/confirm-password',
      token: who.token,
      body: { password: 'not my password' },
    }),
    legit: (_s, ip, who) =>
      send(
        {
          method: 'POST',
          path: '/user/confirm-password',
          token: who.token,
          body: { password: who.password },
        },
        ip,
      ),
    legitStatus: 200,
  },
  {
    op: 'PUT /profile (new e-mail)',
    limit: 5,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [422],
    attempt: (s, who) => ({
      method: 'PUT',
      path: '/profile',
      token: who.token,
      body: {
        name: 'Moving Person',
        email: `moving-${(s.seq += 1)}-${Date.now()}@example.com`,
        current_password: 'not my password',
      },
    }),
    legit: (s, ip, who) =>
      send(
        {
          method: 'PUT',
          path: '/profile',
          token: who.token,
          body: {
            name: 'Moving Person',
            email: `moving-${(s.seq += 1)}-${Date.now()}@example.com`,
            current_password: who.password,
          },
        },
        ip,
      ),
    legitStatus: 200,
  },
  {
    op: 'POST /profile/email-change/confirm',
    limit: 10,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [400],
    attempt: (_s, who) => ({
      method: 'POST',
      path: '/profile/email-change/confirm',
      token: who.token,
      body: { token: 'not-the-token-from-the-link' },
    }),
    legitStatus: 400,
  },
  {
    op: 'POST /auth/email-change/cancel',
    limit: 10,
    windowSeconds: 60,
    key: 'ip',
    okStatuses: [400],
    attempt: () => ({
      method: 'POST',
      path: '/auth/email-change/cancel',
      body: { token: 'not-the-token-from-the-link' },
    }),
    legitStatus: 400,
  },
  {
    op: 'POST /organizations/check-subdomain',
    limit: 30,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [200],
    attempt: (_s, who) => ({
      method: 'POST',
      path: '/organizations/check-subdomain',
      token: who.token,
      body: { subdomain: 'free-slug-to-check' },
    }),
    legitStatus: 200,
  },
  {
    op: 'POST /contact',
    limit: 5,
    windowSeconds: 600,
    key: 'ip',
    okStatuses: [200],
    attempt: (s) => ({
      method: 'POST',
      path: '/contact',
      body: {
        name: 'Curious Parent',
        email: s.user.email,
        organisation: 'Oak Primary',
        topic: 'pricing',
        message: 'How much for two venues, please?',
      },
    }),
    legitStatus: 200,
  },
  {
    op: 'POST /support/tickets',
    limit: 10,
    windowSeconds: 3600,
    key: 'account',
    okStatuses: [201],
    attempt: (_s, who) => ({
      method: 'POST',
      path: '/support/tickets',
      token: who.token,
      body: { subject: 'Printer', description: 'It does not print.', category: 'technical' },
    }),
    legitStatus: 201,
  },
  {
    op: 'POST /payments/test/payment-methods',
    limit: 30,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [201],
    attempt: (_s, who) => ({
      method: 'POST',
      path: '/payments/test/payment-methods',
      token: who.token,
      body: { type: 'card', number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
    }),
    legitStatus: 201,
  },
];

const legit = (row: Row, s: State, ip: string, who: User): Promise<Res> =>
  row.legit ? row.legit(s, ip, who) : send(row.attempt(s, who), ip);

/** RateLimit-Policy and RateLimit (IETF httpapi draft) on every answer of a throttled operation. */
function expectRateLimitHeaders(res: Res, row: Row, spent: boolean): void {
  const policy = String(res.headers['ratelimit-policy'] ?? '');
  const state = String(res.headers['ratelimit'] ?? '');
  expect(policy, `${row.op}: RateLimit-Policy`).toMatch(/^"default";q=\d+;w=\d+$/);
  expect(state, `${row.op}: RateLimit`).toMatch(/^"default";r=\d+;t=\d+$/);
  if (spent) expect(state, `${row.op}: nothing remains`).toMatch(/;r=0;/);
}

function expect429(res: Res, row: Row): number {
  expect(res.status, `${row.op}: attempt ${row.limit + 1}`).toBe(429);
  expectRateLimitHeaders(res, row, true);
  expect(res.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
  expect(typeof res.body.message).toBe('string');
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter), `${row.op}: Retry-After`).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(row.windowSeconds);
  return retryAfter;
}

describe('throttled operations', () => {
  it('covers every operation the issue lists', () => {
    expect(THROTTLES.map((r) => r.op).sort()).toEqual(
      [
        'POST /auth/login',
        'POST /auth/two-factor/verify',
        'POST /auth/passkey/options',
        'POST /auth/passkey/verify',
        'POST /passkeys/registration/options',
        'POST /passkeys/registration/verify',
        'POST /auth/register',
        'POST /auth/resend-verification',
        'POST /auth/forgot-password',
        'POST /auth/reset-password',
        'PUT /profile/password',
        'PUT /profile (new e-mail)',
        'POST /user/confirm-password',
        'POST /profile/email-change/confirm',
        'POST /auth/email-change/cancel',
        'POST /organizations/check-subdomain',
        'POST /contact',
        'POST /support/tickets',
        'POST /payments/test/payment-methods',
      ].sort(),
    );
  });

  it.each(THROTTLES.map((row, index) => ({ ...row, index })))(
    '$op: $limit per $windowSeconds s by $key, RateLimit headers, 429 with Retry-After, then recovers',
    async (row) => {
      const attacker = `198.51.100.${row.index + 1}`;
      const elsewhere = `203.0.113.${row.index + 1}`;
      const s: State = {
        user: await h.createUser({ verified: true }),
        other: await h.createUser({ verified: true }),
        seq: 0,
      };
      await row.setup?.(s);

      for (let i = 1; i <= row.limit; i += 1) {
        const res = await send(row.attempt(s, s.user), attacker);
        expect(row.okStatuses, `${row.op}: attempt ${i} answered ${res.status}`).toContain(
          res.status,
        );
        expectRateLimitHeaders(res, row, false);
      }
      const retryAfter = expect429(await send(row.attempt(s, s.user), attacker), row);
      // Still spent a moment later, even for a legitimate request on the same key.
      expect((await legit(row, s, attacker, s.user)).status, `${row.op}: same key`).toBe(429);

      // The spent key blocks nobody else.
      const unaffected =
        row.key === 'account'
          ? await legit(row, s, attacker, s.other) // another account, same address
          : await legit(row, s, elsewhere, s.user); // the same account/e-mail, another address
      expect(unaffected.status, `${row.op}: other key`).toBe(row.legitStatus);

      // Fixed window: it recovers on its own.
      h.clock.advance((retryAfter + 1) * 1000);
      const recovered = await legit(row, s, attacker, s.user);
      expect(recovered.status, `${row.op}: after the window`).toBe(row.legitStatus);
    },
    30_000,
  );
});
