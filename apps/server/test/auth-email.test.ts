import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';

let h: TestHarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const MINUTE = 60_000;

async function latestMailTo(email: string, kind?: string) {
  let query = h.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc');
  if (kind) query = query.where('kind', '=', kind);
  return query.executeTakeFirst();
}

function linkIn(text: string, prefix: string): URL {
  const match = text.match(new RegExp(`${prefix.replace(/[/.]/g, '\\$&')}[^\\s]+`));
  if (!match) throw new Error(`no ${prefix} link in: ${text}`);
  return new URL(match[0]);
}

async function registerUser(
  email = `v-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
) {
  const res = await h.rest('POST', '/auth/register', {
    body: {
      name: 'Vera Verify',
      email,
      password: 'verification please',
      password_confirmation: 'verification please',
    },
  });
  expect(res.status).toBe(201);
  const mail = await latestMailTo(email, 'verify-email');
  const url = linkIn(mail!.text, 'http://localhost:3000/verify-email/');
  return { email, token: res.body.data.token as string, url };
}

/** /verify-email/{id}/{hash}?expires&signature → the REST path with the same parts. */
function apiPathOf(
  url: URL,
  change: (parts: { id: string; hash: string; q: URLSearchParams }) => void = () => {},
) {
  const [, , id, hash] = url.pathname.split('/');
  const parts = { id: id!, hash: hash!, q: new URLSearchParams(url.search) };
  change(parts);
  return `/auth/verify-email/${parts.id}/${parts.hash}?${parts.q.toString()}`;
}

describe('e-mail verification', () => {
  it('the link is built from APP_URL with a signature and 60-minute expiry, never the request host', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { host: 'evil.example', 'content-type': 'application/json' },
      payload: {
        name: 'Host Header',
        email: 'host-header@example.com',
        password: 'verification please',
        password_confirmation: 'verification please',
      },
    });
    expect(res.statusCode).toBe(201);
    const mail = await latestMailTo('host-header@example.com');
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.html).toContain('http://localhost:3000/verify-email/');
    const url = linkIn(mail!.text, 'http://localhost:3000/verify-email/');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires * 1000 - h.clock.now().getTime()).toBeGreaterThan(59 * MINUTE);
    expect(expires * 1000 - h.clock.now().getTime()).toBeLessThanOrEqual(60 * MINUTE);
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies without being signed in, then says already verified', async () => {
    const { url, token } = await registerUser();
    const first = await h.rest('GET', apiPathOf(url));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: 'Email verified successfully' });
    const me = await h.rest('GET', '/user', { token });
    expect(me.body.data.email_verified_at).not.toBeNull();
    const again = await h.rest('GET', apiPathOf(url));
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Your email address has already been verified.');
  });

  it('works on the tRPC door while signed in', async () => {
    const { url, token } = await registerUser();
    const [, , id, hash] = url.pathname.split('/');
    const res = await h.trpc(
      'query',
      'auth.verifyEmail',
      {
        id,
        hash,
        expires: url.searchParams.get('expires'),
        signature: url.searchParams.get('signature'),
      },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.result.data.message).toBe('Email verified successfully');
  });

  it('refuses tampered id, hash, expires or signature with 403, and an expired link', async () => {
    const { url, token } = await registerUser();
    const other = await registerUser();
    const [, , otherId] = other.url.pathname.split('/');
    const tampered: Array<Parameters<typeof apiPathOf>[1]> = [
      (p) => (p.id = otherId!),
      (p) => (p.id = 'not-a-uuid'),
      (p) => (p.hash = p.hash.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))),
      (p) => p.q.set('expires', String(Number(p.q.get('expires')) + 3600)),
      (p) => p.q.set('signature', '0'.repeat(64)),
      (p) => p.q.delete('signature'),
      (p) => p.q.delete('expires'),
    ];
    for (const change of tampered) {
      const res = await h.rest('GET', apiPathOf(url, change));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        success: false,
        message: 'This verification link is invalid or has expired.',
      });
    }
    h.clock.advance(61 * MINUTE);
    const expired = await h.rest('GET', apiPathOf(url));
    expect(expired.status).toBe(403);
    const me = await h.rest('GET', '/user', { token });
    expect(me.body.data.email_verified_at).toBeNull();
  });

  it('serves the SPA to a browser opening the API link, JSON to API clients', async () => {
    const { url } = await registerUser();
    const browser = await h.rest('GET', apiPathOf(url), { headers: { accept: 'text/html,*/*' } });
    expect(String(browser.headers['content-type'])).toContain('text/html');
    const [, , id] = url.pathname.split('/');
    const untouched = await h.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('uuid', '=', id!)
      .executeTakeFirstOrThrow();
    expect(untouched.email_verified_at).toBeNull();
    const api = await h.rest('GET', apiPathOf(url), { headers: { accept: 'application/json' } });
    expect(api.body.success).toBe(true);
  });

  it('resend never reveals whether an address exists, and is throttled', async () => {
    const { email } = await registerUser();
    const verifiedUser = await h.createUser();
    h.clock.advance(2 * MINUTE);
    const answers: Json[] = [];
    for (const address of [email, 'nobody-here@example.com', verifiedUser.email]) {
      const res = await h.rest('POST', '/auth/resend-verification', { body: { email: address } });
      expect(res.status).toBe(200);
      answers.push(res.body);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const mails = await h.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email)
      .execute();
    expect(mails).toHaveLength(2);
    const none = await latestMailTo(verifiedUser.email);
    expect(none).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      await h.rest('POST', '/auth/resend-verification', { body: { email: 'x@example.com' } });
    }
    const blocked = await h.rest('POST', '/auth/resend-verification', { body: { email } });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('password recovery', () => {
  async function requestReset(email: string) {
    const res = await h.rest('POST', '/auth/forgot-password', { body: { email } });
    expect(res.status).toBe(200);
    return res;
  }

  async function resetLinkFor(email: string) {
    const mail = await latestMailTo(email, 'password-reset');
    return linkIn(mail!.text, 'http://localhost:3000/reset-password');
  }

  it('answers the same for known and unknown addresses, one e-mail per 60 s', async () => {
    const user = await h.createUser();
    h.clock.advance(2 * MINUTE);
    const known = await requestReset(user.email);
    const unknown = await requestReset(`unknown-${Date.now()}@example.com`);
    expect(unknown.body).toEqual(known.body);
    await requestReset(user.email.toUpperCase());
    const count = async () =>
      (
        await h.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('to_address', '=', user.email)
          .where('kind', '=', 'password-reset')
          .execute()
      ).length;
    expect(await count()).toBe(1);
    h.clock.advance(61_000);
    await requestReset(user.email);
    expect(await count()).toBe(2);
    const tokens = await h.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens).toHaveLength(1);
  });

  it('resets with the e-mailed token: hashed at rest, revokes sessions, e-mails a notice, single use', async () => {
    const user = await h.createUser();
    h.clock.advance(2 * MINUTE);
    await requestReset(user.email);
    const link = await resetLinkFor(user.email);
    const token = link.searchParams.get('token')!;
    expect(link.searchParams.get('email')).toBe(user.email);
    const row = await h.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const body = {
      email: user.email,
      token,
      password: 'a brand new secret',
      password_confirmation: 'a brand new secret',
    };
    const res = await h.rest('POST', '/auth/reset-password', { body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password reset successfully' });

    const old = await h.rest('GET', '/user', { token: user.token });
    expect(old.status).toBe(401);
    expect(old.body.session_expired).toBe(true);
    const notice = await latestMailTo(user.email, 'password-changed');
    expect(notice?.subject).toBe('Your password was changed');
    const login = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: 'a brand new secret' },
    });
    expect(login.status).toBe(200);
    const oldPassword = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(oldPassword.status).toBe(401);

    const reuse = await h.rest('POST', '/auth/reset-password', {
      body: {
        ...body,
        password: 'another new secret',
        password_confirmation: 'another new secret',
      },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('This password reset link is invalid or has expired.');
  });

  it('refuses an expired token, a wrong token and another address', async () => {
    const user = await h.createUser();
    const other = await h.createUser();
    h.clock.advance(2 * MINUTE);
    await requestReset(user.email);
    const token = (await resetLinkFor(user.email)).searchParams.get('token')!;
    const attempt = (email: string, t: string) =>
      h.rest('POST', '/auth/reset-password', {
        body: {
          email,
          token: t,
          password: 'fresh password here',
          password_confirmation: 'fresh password here',
        },
      });
    expect((await attempt(user.email, token + 'x')).status).toBe(400);
    expect((await attempt(other.email, token)).status).toBe(400);
    h.clock.advance(61 * MINUTE);
    const expired = await attempt(user.email, token);
    expect(expired.status).toBe(400);
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(200);
  });

  it('validates the new password', async () => {
    const res = await h.rest('POST', '/auth/reset-password', {
      body: {
        email: 'a@example.com',
        token: 'x',
        password: 'short',
        password_confirmation: 'other',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toContain('Password must be at least 8 characters');
    expect(res.body.errors.password_confirmation).toEqual(['Passwords do not match']);
    const missing = await h.rest('POST', '/auth/reset-password', {
      body: {
        email: 'a@example.com',
        password: 'long enough pw',
        password_confirmation: 'long enough pw',
      },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.token).toEqual(['Invalid or missing reset token']);
  });
});

describe('/dev/mail', () => {
  it('lists the outbox newest first as JSON and HTML, with clickable links', async () => {
    await registerUser('devmail-one@example.com');
    await registerUser('devmail-two@example.com');
    const json = await h.app.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(json.statusCode).toBe(200);
    const list = JSON.parse(json.body) as Json[];
    expect(Object.keys(list[0]!).sort()).toEqual([
      'created_at',
      'html',
      'id',
      'subject',
      'text',
      'to',
    ]);
    expect(list[0]!.to).toBe('devmail-two@example.com');
    expect(list[1]!.to).toBe('devmail-one@example.com');
    const html = await h.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain(`/dev/mail/${list[0]!.id}`);
    const one = await h.app.inject({ method: 'GET', url: `/dev/mail/${list[0]!.id}` });
    expect(one.body).toMatch(/<a href="http:\/\/localhost:3000\/verify-email\/[^"]+">/);
    expect((await h.app.inject({ method: 'GET', url: '/dev/mail/not-a-uuid' })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 to clients that are not on loopback', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/dev/mail.json',
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(404);
  });

  it('is absent in production', async () => {
    const prod = await createHarness({ appEnv: 'production' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mail.json' })).statusCode).toBe(
        404,
      );
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
