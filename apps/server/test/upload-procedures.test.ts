import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurity } from '@scmp/api';
import { buildApp } from '../src/app';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { PNG, SVG, brandingHelpers } from '../src/testing/branding-helpers';
import { multipartBody, type MultipartPart } from '../src/testing/multipart';

/**
 * Logo, favicon and avatar uploads are ordinary procedures (issue 35): the same procedure answers
 * a multipart body on the REST door and FormData on /trpc, with the same limits, texts and
 * checks; a broken or interrupted upload leaves no file and no row.
 */
let h: TestHarness;
/** The same server on a real socket (tRPC's adapter reads a form from the socket; aborts). */
let app: FastifyInstance;
let base: string;
/** Resolves when the server has finished the next request to `url` (its answer is sent). */
const answered = new Map<string, () => void>();
/** Resolves when the server has the headers of the next request to `url`. */
const started = new Map<string, () => void>();
const { setup } = brandingHelpers(() => h);

beforeAll(async () => {
  h = await createHarness();
  app = await buildApp(h.deps, h.config, { logger: false });
  app.addHook('onRequest', (request, _reply, done) => {
    started.get(request.url)?.();
    done();
  });
  // The door's answer is sent (or, for a gone client, given up) when its handler is done.
  app.addHook('onSend', (request, _reply, _payload, done) => {
    answered.get(request.url)?.();
    done();
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await h?.close();
});

type Kind = 'logo' | 'favicon';

function nextAnswer(url: string): Promise<void> {
  return new Promise((resolve) => answered.set(url, resolve));
}

/** Every stored file (uploads folder), to see that a refused upload wrote nothing. */
async function storedFiles(): Promise<string[]> {
  try {
    const entries = await readdir(h.config.uploadsDir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => `${e.parentPath}/${e.name}`)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function brandingRows(organizationId: number): Promise<number> {
  const rows = await h.db
    .selectFrom('brandings')
    .select('id')
    .where('organization_id', '=', organizationId)
    .execute();
  return rows.length;
}

async function avatarPath(userId: number): Promise<string | null> {
  const row = await h.db
    .selectFrom('users')
    .select('avatar_path')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.avatar_path;
}

type Answer = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** POST /api/v1/… with a multipart body (the REST door). */
async function viaRest(url: string, parts: MultipartPart[], token?: string): Promise<Answer> {
  const { body, headers } = multipartBody(parts);
  const res = await h.rest('POST', url, { body, headers, token });
  return { status: res.status, body: res.body };
}

/** POST /trpc/<path> with FormData (the tRPC door, as a browser's fetch sends it). */
async function viaTrpc(
  path: string,
  fields: Record<string, string | File>,
  token?: string,
): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const res = await fetch(`${base}/trpc/${path}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const json = (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  // The tRPC door answers { result: { data } } or { error: { message, data: { envelope } } }.
  return {
    status: res.status,
    body: json.result ? json.result.data : json.error.data.envelope,
  };
}

const file = (bytes: Buffer, name: string, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

const brandingRest = (kind: Kind, id: string, bytes: Buffer, token: string, name = `${kind}.png`) =>
  viaRest(
    `/branding/${id}/${kind}`,
    [{ name: kind, filename: name, bytes, type: 'image/png' }],
    token,
  );
const brandingTrpc = (kind: Kind, id: string, bytes: Buffer, token: string, name = `${kind}.png`) =>
  viaTrpc(
    kind === 'logo' ? 'branding.uploadBrandingLogo' : 'branding.uploadBrandingFavicon',
    { id, [kind]: file(bytes, name) },
    token,
  );
const avatarRest = (bytes: Buffer, token: string, name = 'me.png') =>
  viaRest('/profile/avatar', [{ name: 'avatar', filename: name, bytes, type: 'image/png' }], token);
const avatarTrpc = (bytes: Buffer, token: string, name = 'me.png') =>
  viaTrpc('profile.uploadAvatar', { avatar: file(bytes, name) }, token);

const pad = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 0)]);

const DOORS = [
  { door: 'REST', branding: brandingRest, avatar: avatarRest },
  { door: 'tRPC', branding: brandingTrpc, avatar: avatarTrpc },
] as const;

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

/**
 * Sends the start of an upload over a real socket and then breaks the connection (the client
 * gave up mid-body); resolves when the server has finished with the request.
 */
async function abortMidBody(path: string, body: Buffer, headers: Record<string, string>) {
  const done = nextAnswer(path);
  const arrived = new Promise<void>((resolve) => started.set(path, resolve));
  const req = httpRequest(`${base}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(body.length) },
  });
  req.on('error', () => {});
  req.write(body.subarray(0, Math.floor(body.length / 2)));
  // Once the server is handling the request, break the connection.
  await arrived;
  req.destroy();
  return done;
}

describe('interrupted uploads leave no file and no row', () => {
  it('a truncated multipart body answers 400 on both doors, nothing stored', async () => {
    const { user, org } = await setup();
    const before = await storedFiles();
    const logo = multipartBody([
      { name: 'id', value: org.uuid },
      { name: 'logo', filename: 'logo.png', bytes: pad(300_000), type: 'image/png' },
    ]);
    const cut = logo.body.subarray(0, logo.body.length - 1000);
    const rest = await h.rest('POST', `/branding/${org.uuid}/logo`, {
      body: cut,
      headers: logo.headers,
      token: user.token,
    });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe('The upload could not be read. Please try again.');
    const trpc = await fetch(`${base}/trpc/branding.uploadBrandingLogo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, ...logo.headers },
      body: new Uint8Array(cut),
    });
    expect(trpc.status).toBe(400);
    const photo = multipartBody([
      { name: 'avatar', filename: 'me.png', bytes: pad(300_000), type: 'image/png' },
    ]);
    const photoCut = photo.body.subarray(0, photo.body.length - 1000);
    const restPhoto = await h.rest('POST', '/profile/avatar', {
      body: photoCut,
      headers: photo.headers,
      token: user.token,
    });
    expect(restPhoto.status).toBe(400);
    const trpcPhoto = await fetch(`${base}/trpc/profile.uploadAvatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, ...photo.headers },
      body: new Uint8Array(photoCut),
    });
    expect(trpcPhoto.status).toBe(400);
    expect(await storedFiles()).toEqual(before);
    expect(await brandingRows(org.id)).toBe(0);
    expect(await avatarPath(user.id)).toBeNull();
  });

  it.each([
    ['REST', (id: string) => `/api/v1/branding/${id}/logo`, '/api/v1/profile/avatar'],
    ['tRPC', () => '/trpc/branding.uploadBrandingLogo', '/trpc/profile.uploadAvatar'],
  ])(
    'a client that breaks the connection mid-body on the %s door',
    async (_door, logoPath, avatarUrl) => {
      const { user, org } = await setup();
      const before = await storedFiles();
      const auth = { authorization: `Bearer ${user.token}` };
      const logo = multipartBody([
        { name: 'id', value: org.uuid },
        { name: 'logo', filename: 'logo.png', bytes: pad(1024 * 1024), type: 'image/png' },
      ]);
      await abortMidBody(logoPath(org.uuid), logo.body, { ...auth, ...logo.headers });
      const photo = multipartBody([
        { name: 'avatar', filename: 'me.png', bytes: pad(1024 * 1024), type: 'image/png' },
      ]);
      await abortMidBody(avatarUrl, photo.body, { ...auth, ...photo.headers });
      expect(await storedFiles()).toEqual(before);
      expect(await brandingRows(org.id)).toBe(0);
      expect(await avatarPath(user.id)).toBeNull();
      // The server keeps answering, and the same upload in one piece works.
      expect((await brandingRest('logo', org.uuid, PNG, user.token)).status).toBe(200);
    },
  );
});

/**
 * Sends the first 200 bytes of a body with `headers` and never the rest (chunked when no
 * Content-Length is given); resolves with the answer.
 */
function firstBytesOf(
  path: string,
  start: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method: 'POST', headers });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
        req.destroy();
      });
    });
    req.write(start.subarray(0, 200));
  });
}

/** Sends the first bytes of a body declared `declared` bytes long; resolves with the answer. */
const declaredBody = (
  path: string,
  start: Buffer,
  headers: Record<string, string>,
  declared: number,
) => firstBytesOf(path, start, { ...headers, 'content-length': String(declared) });

describe('a body declared larger than the upload allows', () => {
  it.each([
    ['REST', (id: string) => `/api/v1/branding/${id}/logo`],
    ['tRPC', () => '/trpc/branding.uploadBrandingLogo'],
  ])('is refused with 413 on the %s door before it is read', async (_door, logoPath) => {
    const { user, org } = await setup();
    const start = multipartBody([
      { name: 'id', value: org.uuid },
      { name: 'logo', filename: 'logo.png', bytes: PNG, type: 'image/png' },
    ]);
    // Declares 200 MB and sends a few bytes: the answer comes without the rest of the body.
    const answer = await declaredBody(
      logoPath(org.uuid),
      start.body,
      { authorization: `Bearer ${user.token}`, ...start.headers },
      200 * 1024 * 1024,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('The logo must be 2MB or smaller.');
    expect(await brandingRows(org.id)).toBe(0);
  });

  it('is refused with 413 unread when a large form goes to an operation that takes JSON (/trpc)', async () => {
    const form = multipartBody([
      { name: 'email', value: 'someone@example.com' },
      { name: 'password', value: 'x' },
    ]);
    const answer = await declaredBody(
      '/trpc/auth.login',
      form.body,
      form.headers,
      200 * 1024 * 1024,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('The request body is too large.');
  });

  it('answers 400 at once to a form without a declared length on /trpc', async () => {
    const { user, org } = await setup();
    const form = multipartBody([
      { name: 'id', value: org.uuid },
      { name: 'logo', filename: 'logo.png', bytes: PNG, type: 'image/png' },
    ]);
    // Chunked: no Content-Length, and the body never ends.
    const answer = await firstBytesOf('/trpc/branding.uploadBrandingLogo', form.body, {
      authorization: `Bearer ${user.token}`,
      ...form.headers,
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toBe('Send the form with a Content-Length header.');
    expect(await brandingRows(org.id)).toBe(0);
  });
});
