import { describe, expect, it } from 'vitest';
import { accountSecurity } from '@scmp/api';
import { type TestHarness } from '../src/testing/harness';
import { PNG, SVG, brandingHelpers } from '../src/testing/branding-helpers';
import { multipartBody } from '../src/testing/multipart';
import { useUploadServer } from './uploads/fixtures';

/**
 * Logo, favicon and avatar uploads are ordinary procedures (issue 35): the same procedure answers
 * a multipart body on the REST door and FormData on /trpc, with the same limits, texts and
 * checks.
 */
let h: TestHarness;
const { storedFiles, brandingRows, avatarPath, viaRest, viaTrpc, pad, DOORS } = useUploadServer(
  (server) => (h = server.h),
);
const { setup } = brandingHelpers(() => h);

describe.each(DOORS)('uploads through the $door door', ({ door, branding, avatar }) => {
  it('stores a logo, a favicon and an avatar with the same answers as the other door', async () => {
    const { user, org } = await setup();
    const logo = await branding('logo', org.uuid, PNG, user.token);
    expect(logo.status, JSON.stringify(logo.body)).toBe(200);
    expect(logo.body.message).toBe('Logo uploaded successfully.');
    expect(logo.body.data.logo_url).toMatch(/^\/files\/branding\/branding-[0-9a-f-]{36}\.png$/);
    const favicon = await branding('favicon', org.uuid, PNG, user.token);
    expect(favicon.status).toBe(200);
    expect(favicon.body.message).toBe('Favicon uploaded successfully.');
    expect(favicon.body.data.favicon_url).toMatch(/\.png$/);
    const photo = await avatar(PNG, user.token);
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    expect(photo.body.message).toBe(accountSecurity.AVATAR_TEXTS.updated);
    expect(photo.body.data.avatar_url).toMatch(/^\/files\/avatars\/[a-z0-9]{32}\.webp$/);
    expect(await avatarPath(user.id)).not.toBeNull();
  });

  it('refuses one byte over each size limit with 413 and the limit in the words of today', async () => {
    const { user, org } = await setup();
    const before = await storedFiles();
    const logo = await branding('logo', org.uuid, pad(2 * 1024 * 1024 + 1), user.token);
    expect(logo.status).toBe(413);
    expect(logo.body.message).toBe('The logo must be 2MB or smaller.');
    expect(logo.body.errors).toEqual({ logo: ['The logo must be 2MB or smaller.'] });
    const favicon = await branding('favicon', org.uuid, pad(1024 * 1024 + 1), user.token);
    expect(favicon.status).toBe(413);
    expect(favicon.body.message).toBe('The favicon must be 1MB or smaller.');
    const photo = await avatar(pad(2 * 1024 * 1024 + 1), user.token);
    expect(photo.status).toBe(413);
    expect(photo.body.message).toBe(accountSecurity.AVATAR_TEXTS.tooLarge);
    expect(await storedFiles()).toEqual(before);
    expect(await brandingRows(org.id)).toBe(0);
    expect(await avatarPath(user.id)).toBeNull();
    // Exactly the limit is taken.
    expect((await branding('favicon', org.uuid, pad(1024 * 1024), user.token)).status).toBe(200);
  });

  it('decides the type from the bytes: 415 naming the allowed types, nothing stored', async () => {
    const { user, org } = await setup();
    const before = await storedFiles();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const logo = await branding('logo', org.uuid, html, user.token, 'logo.png');
    expect(logo.status).toBe(415);
    expect(logo.body.message).toBe('The logo must be a PNG, JPG or SVG image.');
    const favicon = await branding('favicon', org.uuid, SVG, user.token, 'favicon.png');
    expect(favicon.status).toBe(415);
    expect(favicon.body.message).toBe('The favicon must be an ICO or PNG image.');
    const photo = await avatar(SVG, user.token, 'me.png');
    expect(photo.status).toBe(415);
    expect(photo.body.message).toBe(accountSecurity.AVATAR_TEXTS.badType);
    expect(await storedFiles()).toEqual(before);
    expect(await brandingRows(org.id)).toBe(0);
    expect(await avatarPath(user.id)).toBeNull();
  });

  it('stores a hostile SVG logo without its script, handlers, external links or foreignObject', async () => {
    const { user, org } = await setup();
    const hostile = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20" onload="alert(1)">
  <script>alert('${door}')</script>
  <foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.test"/></body></foreignObject>
  <a xlink:href="javascript:alert(2)"><rect width="5" height="5" onclick="alert(3)"/></a>
  <image href="https://evil.test/track.png" width="5" height="5"/>
  <rect width="3" height="3" fill="#0a0"/>
</svg>`,
    );
    const res = await branding('logo', org.uuid, hostile, user.token, 'logo.svg');
    expect(res.status).toBe(200);
    const name = (res.body.data.logo_url as string).split('/').pop()!;
    expect(name).toMatch(/\.svg$/);
    const text = (await h.deps.storage.get(name))!.toString('utf8');
    expect(text).toContain('fill="#0a0"');
    expect(text).not.toMatch(/script|foreignObject|iframe|javascript:|evil\.test/i);
    expect(text).not.toMatch(/\bon[a-z]+=/i);
  });

  it('answers 422 to a form without the file, and 415 to a body that is not a form', async () => {
    const { user, org } = await setup();
    const empty =
      door === 'REST'
        ? await viaRest(`/branding/${org.uuid}/logo`, [{ name: 'note', value: 'x' }], user.token)
        : await viaTrpc('branding.uploadBrandingLogo', { id: org.uuid, note: 'x' }, user.token);
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Choose a logo file to upload in the field "logo".');
    const noPhoto =
      door === 'REST'
        ? await viaRest('/profile/avatar', [{ name: 'note', value: 'x' }], user.token)
        : await viaTrpc('profile.uploadAvatar', { note: 'x' }, user.token);
    expect(noPhoto.status).toBe(422);
    expect(noPhoto.body.message).toBe(accountSecurity.AVATAR_TEXTS.required);

    const json =
      door === 'REST'
        ? await h.rest('POST', `/branding/${org.uuid}/logo`, {
            token: user.token,
            body: { logo: 'x' },
          })
        : await h.trpc(
            'mutation',
            'branding.uploadBrandingLogo',
            { id: org.uuid, logo: 'x' },
            { token: user.token },
          );
    expect(json.status).toBe(415);
    const message = door === 'REST' ? json.body.message : json.body.error.message;
    expect(message).toBe('Send the logo as multipart/form-data in the field "logo".');
  });

  it('checks the caller before the file: 401 anonymous, 404 to a non-member, 403 to a token without the scope', async () => {
    const { org } = await setup();
    const stranger = await h.createUser();
    expect((await branding('logo', org.uuid, PNG, '')).status).toBe(401);
    expect((await avatar(PNG, '')).status).toBe(401);
    const notMine = await branding('logo', org.uuid, PNG, stranger.token);
    expect(notMine.status).toBe(404);
    const made = await h.rest('POST', '/user/api-tokens', {
      token: stranger.token,
      body: { name: 'reader', scopes: ['branding:read'], expires_in_days: 7 },
    });
    expect(made.status, made.text).toBe(201);
    const scoped = await branding('logo', org.uuid, PNG, made.body.data.token as string);
    expect(scoped.status).toBe(403);
    expect(scoped.body.code).toBe('INSUFFICIENT_SCOPE');
    // A profile edit: no API token reaches it.
    expect((await avatar(PNG, made.body.data.token as string)).status).toBe(403);
    expect(await brandingRows(org.id)).toBe(0);
  });
});

describe('a form sent to an operation that takes no upload', () => {
  it('is read as no body, as before the uploads had a scope of their own: the input is refused, not the media type', async () => {
    // Only the uploads read multipart bodies (rest-door.ts); elsewhere it is accepted unread.
    const user = await h.createUser();
    const form = multipartBody([{ name: 'name', value: 'Form Academy' }]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: { ...form.headers, authorization: `Bearer ${user.token}` },
      payload: form.body,
    });
    expect(res.statusCode, res.body).toBe(422);
    const body = JSON.parse(res.body) as { errors?: Record<string, string[]> };
    expect(Object.keys(body.errors ?? {})).toContain('name');
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: form.headers,
      payload: form.body,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
