import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAnswer } from '../src/testing/expect-answer';
import type { TestHarness } from '../src/testing/harness';
import { multipartBody } from '../src/testing/multipart';
import { useHarness } from '../src/testing/use-harness';
import { profileFixtures } from './profile/fixtures';

/** The profile: reading and saving it, changing the e-mail address, the avatar. */
let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });
const { profileBody } = profileFixtures(() => h);

describe('profile', () => {
  it('reads the profile', async () => {
    const user = await h.createUser({ verified: true });
    const res = await h.rest('GET', '/profile', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.uuid, email: user.email });
    expect(res.body.data.password_hash).toBeUndefined();
    expect((await h.rest('GET', '/profile')).status).toBe(401);
  });

  it('validates with the spec texts', async () => {
    const user = await h.createUser({ verified: true });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', 'Full name is required'],
      [{ name: undefined }, 'name', 'Full name is required'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
      [{ phone: '020 7946 0958' }, 'phone', 'international format'],
      [{ website: 'not a url' }, 'website', 'valid website'],
      [{ bio: 'x'.repeat(1001) }, 'bio', '1,000 characters'],
    ];
    for (const [override, field, text] of cases) {
      const res = await h.rest('PUT', '/profile', {
        token: user.token,
        body: profileBody({ email: user.email, ...override }),
      });
      expect(res.status, JSON.stringify(override)).toBe(422);
      expect(res.body.errors[field][0]).toContain(text);
    }
  });

  it('saves the personal information', async () => {
    const user = await h.createUser({ verified: true });
    const res = await h.rest('PUT', '/profile', {
      token: user.token,
      body: profileBody({
        email: user.email,
        phone: '+44 20 7946 0958',
        bio: 'Mathematician',
        location: 'London, UK',
        website: 'example.com',
      }),
    });
    expectAnswer(res, 200, 'Profile updated successfully.', {
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0958',
      bio: 'Mathematician',
      location: 'London, UK',
      website: 'https://example.com',
    });
    expect(res.body.data.email_verified_at).not.toBeNull();
    const cleared = await h.rest('PUT', '/profile', {
      token: user.token,
      body: profileBody({ email: user.email, bio: '' }),
    });
    expect(cleared.body.data.bio).toBeNull();
  });

  it('asks to change the e-mail: pending until confirmed, link to the new address, notice to the old', async () => {
    const user = await h.createUser({ verified: true });
    const other = await h.createUser({ verified: true });
    const taken = await h.rest('PUT', '/profile', {
      token: user.token,
      body: profileBody({ email: other.email.toUpperCase(), current_password: user.password }),
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toBeDefined();

    const fresh = `new-${Date.now()}@example.com`;
    const res = await h.rest('PUT', '/profile', {
      token: user.token,
      body: profileBody({ email: fresh.toUpperCase(), current_password: user.password }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(user.email);
    expect(res.body.data.pending_email).toBe(fresh);
    expect(res.body.data.email_verified_at).not.toBeNull();
    const mails = await h.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'kind', 'text'])
      .where('user_id', '=', user.id)
      .execute();
    const confirm = mails.find((m) => m.kind === 'email-change-confirm');
    expect(confirm?.to_address).toBe(fresh);
    expect(confirm?.text).toContain('/confirm-email-change?token=');
    const notice = mails.find((m) => m.kind === 'email-change-requested');
    expect(notice?.to_address).toBe(user.email);
    expect(notice?.text).toContain('/cancel-email-change?token=');
  });
});

function multipart(field: string, filename: string, bytes: Buffer) {
  const { body, headers } = multipartBody([{ name: field, filename, bytes }]);
  return { payload: body, contentType: headers['content-type'] as string };
}

describe('avatar', () => {
  it('uploads, serves, replaces and removes the avatar', async () => {
    const user = await h.createUser({ verified: true });
    const png = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer, field = 'avatar', token = user.token) => {
      const body = multipart(field, 'me.png', bytes);
      return h.app.inject({
        method: 'POST',
        url: '/api/v1/profile/avatar',
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const res = await upload(png);
    expect(res.statusCode).toBe(200);
    const url = JSON.parse(res.body).data.avatar_url as string;
    expect(url).toMatch(/^\/files\/avatars\/[a-z0-9]{32}\.webp$/);
    const file = await h.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);

    const text = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(text.statusCode).toBe(415);
    const big = await upload(Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    const anon = await h.app.inject({ method: 'POST', url: '/api/v1/profile/avatar' });
    expect(anon.statusCode).toBe(401);

    const removed = await h.rest('DELETE', '/profile/avatar', { token: user.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.avatar_url).toBeNull();
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/files/avatars/..%2Fx' })).statusCode).toBe(
      404,
    );
  });
});
