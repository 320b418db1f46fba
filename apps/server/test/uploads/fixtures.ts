import { readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app';
import { PNG } from '../../src/testing/branding-helpers';
import { createHarness, type TestHarness } from '../../src/testing/harness';
import { multipartBody, type MultipartPart } from '../../src/testing/multipart';
import { valuesWhere } from '../../src/testing/recorded-rows';

type Kind = 'logo' | 'favicon';
type Answer = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
/** A logo or favicon upload through one door. */
type BrandingUpload = (
  kind: Kind,
  id: string,
  bytes: Buffer,
  token: string,
  name?: string,
) => Promise<Answer>;

/**
 * The upload tests' server: an in-process harness and the same server on a real socket (tRPC's
 * adapter reads a form from the socket; aborts), made before the file's tests and handed to `keep`,
 * closed after them; with the uploads through either door and what they leave behind.
 */
export function useUploadServer(keep: (server: { h: TestHarness; base: string }) => unknown) {
  let h: TestHarness;
  let app: FastifyInstance;
  let base: string;
  const answered = new Map<string, () => void>();
  const started = new Map<string, () => void>();

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
    keep({ h, base });
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  /** Resolves when the server has finished the next request to `url` (its answer is sent). */
  function nextAnswer(url: string): Promise<void> {
    return new Promise((resolve) => answered.set(url, resolve));
  }

  /** Resolves when the server has the headers of the next request to `url`. */
  function nextStart(url: string): Promise<void> {
    return new Promise((resolve) => started.set(url, resolve));
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
    return (await valuesWhere(h.db, 'brandings', 'id', 'organization_id', organizationId)).length;
  }

  async function avatarPath(userId: number): Promise<string | null> {
    const row = await h.db
      .selectFrom('users')
      .select('avatar_path')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.avatar_path;
  }

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

  const brandingRest: BrandingUpload = (kind, id, bytes, token, name = `${kind}.png`) =>
    viaRest(
      `/branding/${id}/${kind}`,
      [{ name: kind, filename: name, bytes, type: 'image/png' }],
      token,
    );
  const brandingTrpc: BrandingUpload = (kind, id, bytes, token, name = `${kind}.png`) =>
    viaTrpc(
      kind === 'logo' ? 'branding.uploadBrandingLogo' : 'branding.uploadBrandingFavicon',
      { id, [kind]: file(bytes, name) },
      token,
    );
  const avatarRest = (bytes: Buffer, token: string, name = 'me.png') =>
    viaRest(
      '/profile/avatar',
      [{ name: 'avatar', filename: name, bytes, type: 'image/png' }],
      token,
    );
  const avatarTrpc = (bytes: Buffer, token: string, name = 'me.png') =>
    viaTrpc('profile.uploadAvatar', { avatar: file(bytes, name) }, token);

  const pad = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 0)]);

  const DOORS = [
    { door: 'REST', branding: brandingRest, avatar: avatarRest },
    { door: 'tRPC', branding: brandingTrpc, avatar: avatarTrpc },
  ] as const;

  return {
    nextAnswer,
    nextStart,
    storedFiles,
    brandingRows,
    avatarPath,
    viaRest,
    viaTrpc,
    file,
    brandingRest,
    brandingTrpc,
    avatarRest,
    avatarTrpc,
    pad,
    DOORS,
  };
}
