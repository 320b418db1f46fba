import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type TestHarness } from '../src/testing/harness';
import { PNG, brandingHelpers } from '../src/testing/branding-helpers';
import { multipartBody } from '../src/testing/multipart';
import { useUploadServer } from './uploads/fixtures';

/**
 * Uploads through either door (issue 35) that break off: a broken or interrupted upload leaves no
 * file and no row, and a body declared larger than the upload allows is refused before it is read.
 */
let h: TestHarness;
let base: string;
const { nextAnswer, nextStart, storedFiles, brandingRows, avatarPath, brandingRest, pad } =
  useUploadServer((server) => ({ h, base } = server));
const { setup } = brandingHelpers(() => h);

/**
 * Sends the start of an upload over a real socket and then breaks the connection (the client
 * gave up mid-body); resolves when the server has finished with the request.
 */
async function abortMidBody(path: string, body: Buffer, headers: Record<string, string>) {
  const done = nextAnswer(path);
  const arrived = nextStart(path);
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
