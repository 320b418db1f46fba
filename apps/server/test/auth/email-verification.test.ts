import { describe, expect, it } from 'vitest';
import type { Json, TestHarness } from '../../src/testing/harness';
import { mailsTo } from '../../src/testing/recorded-rows';
import { useHarness } from '../../src/testing/use-harness';
import { latestMailTo, linkIn, passwordPair, register, withHarness } from './fixtures';

let h: TestHarness;
useHarness((made) => (h = made));

const MINUTE = 60_000;
const VERIFY_LINK = 'http://localhost:3000/verify-email/';

/** A registration (at `email`, or a unique address) and the verification link it was mailed. */
async function registerUser(email?: string) {
  const res = await register(h, 'Vera Verify', 'verification please', email ? { email } : {});
  expect(res.status).toBe(201);
  const address = res.body.data.user.email as string;
  const mail = await latestMailTo(h, address, 'verify-email');
  const url = linkIn(mail!.text, VERIFY_LINK);
  return { email: address, token: res.body.data.token as string, url };
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
        ...passwordPair('verification please'),
      },
    });
    expect(res.statusCode).toBe(201);
    const mail = await latestMailTo(h, 'host-header@example.com');
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.html).toContain('http://localhost:3000/verify-email/');
    const url = linkIn(mail!.text, VERIFY_LINK);
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
    expect(await mailsTo(h.db, email)).toHaveLength(2);
    const none = await latestMailTo(h, verifiedUser.email);
    expect(none).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      await h.rest('POST', '/auth/resend-verification', { body: { email: 'x@example.com' } });
    }
    const blocked = await h.rest('POST', '/auth/resend-verification', { body: { email } });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
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
    await withHarness({ appEnv: 'production' }, async (prod) => {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mail.json' })).statusCode).toBe(
        404,
      );
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    });
  });
});
