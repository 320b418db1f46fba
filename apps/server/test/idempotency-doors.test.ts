import { beforeAll, describe, expect, it } from 'vitest';
import type { TestHarness } from '../src/testing/harness';
import { multipartBody } from '../src/testing/multipart';
import { useHarness } from '../src/testing/use-harness';
import { countOrganizationsNamed, createOrganization } from '../src/testing/organization-rows';
import { ticketsWithSubject } from '../src/testing/recorded-rows';

/**
 * Idempotency-Key is one middleware of the pipeline (issue 35), not a step of the REST door: the
 * tRPC door honours it too, both doors share one store (a key used on one is replayed on the
 * other), and a multipart upload is "the same request" only with the same file bytes.
 */
let h: TestHarness;
let owner: Awaited<ReturnType<TestHarness['createUser']>>;
/** The app on a real socket (tRPC's adapter reads a form from the socket), listening once. */
let listening: Promise<string> | undefined;
const serverAddress = () => (listening ??= h.app.listen({ port: 0, host: '127.0.0.1' }));

const trpcCreate = (key: string, name: string, token = owner.token) =>
  h.trpc(
    'mutation',
    'organizations.create',
    { name, type: 'school' },
    { token, headers: { 'idempotency-key': key } },
  );

useHarness((made) => (h = made));
beforeAll(async () => {
  owner = await h.createUser({ verified: true });
});

describe('Idempotency-Key on the tRPC door', () => {
  it('replays the first answer for the same key and input, without doing the work again', async () => {
    const first = await trpcCreate('trpc-1', 'Trpc Replay School');
    expect(first.status, first.text).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await trpcCreate('trpc-1', 'Trpc Replay School');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.result.data).toEqual(first.body.result.data);
    expect(await countOrganizationsNamed(h.db, 'Trpc Replay School')).toBe(1);
  });

  it('answers 422 to the same key with another input, and changes nothing', async () => {
    expect((await trpcCreate('trpc-2', 'Trpc First School')).status).toBe(200);
    const other = await trpcCreate('trpc-2', 'Trpc Other School');
    expect(other.status).toBe(422);
    expect(other.body.error.message).toBe(
      'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    );
    expect(await countOrganizationsNamed(h.db, 'Trpc Other School')).toBe(0);
  });

  it('lets one of two concurrent calls with one key do the work', async () => {
    const [a, b] = await Promise.all([
      trpcCreate('trpc-3', 'Trpc Race School'),
      trpcCreate('trpc-3', 'Trpc Race School'),
    ]);
    expect([a.status, b.status].sort()).toEqual(
      [a.status, b.status].includes(409) ? [200, 409] : [200, 200],
    );
    expect(await countOrganizationsNamed(h.db, 'Trpc Race School')).toBe(1);
  });

  it('shares one store with the REST door: a key used on one door is replayed on the other', async () => {
    const rest = await h.rest('POST', '/organizations', {
      token: owner.token,
      headers: { 'idempotency-key': 'both-doors' },
      body: { name: 'Both Doors School', type: 'school' },
    });
    expect(rest.status, rest.text).toBe(201);
    const trpc = await trpcCreate('both-doors', 'Both Doors School');
    expect(trpc.status).toBe(200);
    expect(trpc.headers['idempotent-replayed']).toBe('true');
    expect(trpc.body.result.data).toEqual(rest.body);
    expect(await countOrganizationsNamed(h.db, 'Both Doors School')).toBe(1);
  });

  it('checks the token scope before replaying on the tRPC door too (403, nothing read)', async () => {
    const first = await trpcCreate('trpc-scoped', 'Trpc Scoped School');
    expect(first.status).toBe(200);
    const made = await h.rest('POST', '/user/api-tokens', {
      token: owner.token,
      body: { name: 'read only', scopes: ['organizations:read'], expires_in_days: 7 },
    });
    const replay = await trpcCreate('trpc-scoped', 'Trpc Scoped School', made.body.data.token);
    expect(replay.status).toBe(403);
    expect(replay.headers['idempotent-replayed']).toBeUndefined();
    expect(JSON.stringify(replay.body)).not.toContain(first.body.result.data.data.uuid);
  });
});

describe('Idempotency-Key on a multipart upload', () => {
  it('replays the same file and answers 422 to another file under the same key', async () => {
    const org = await createOrganization(h, owner.token, {
      name: 'Upload Key School',
      type: 'school',
    });
    const send = (bytes: Buffer) => {
      const { body, headers } = multipartBody([
        { name: 'subject', value: 'Same subject' },
        { name: 'description', value: 'Same description.' },
        { name: 'category', value: 'general' },
        { name: 'organization_uuid', value: org.uuid },
        { name: 'attachments[0]', filename: 'note.txt', bytes, type: 'text/plain' },
      ]);
      return h.rest('POST', '/support/tickets', {
        token: owner.token,
        headers: { ...headers, 'idempotency-key': 'upload-key' },
        body,
      });
    };
    const first = await send(Buffer.from('first file'));
    expect(first.status, first.text).toBe(201);
    const again = await send(Buffer.from('first file'));
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await send(Buffer.from('other file'));
    expect(other.status).toBe(422);
    expect(await ticketsWithSubject(h.db, 'Same subject')).toBe(1);
  });
});

describe('Idempotency-Key on a multipart upload through both doors', () => {
  let orgUuid: string;
  let address: string;
  const fields = (subject: string) => [
    { name: 'subject', value: subject },
    { name: 'description', value: 'Same description.' },
    { name: 'category', value: 'general' },
    { name: 'organization_uuid', value: orgUuid },
  ];
  const restSend = (key: string, subject: string, bytes: Buffer, token = owner.token) => {
    const { body, headers } = multipartBody([
      ...fields(subject),
      { name: 'attachments[0]', filename: 'note.txt', bytes, type: 'text/plain' },
    ]);
    return h.rest('POST', '/support/tickets', {
      token,
      headers: { ...headers, 'idempotency-key': key },
      body,
    });
  };
  /** FormData on /trpc, as the web app's fetch sends it. */
  const trpcSend = async (key: string, subject: string, bytes: Buffer, token = owner.token) => {
    const form = new FormData();
    for (const { name, value } of fields(subject)) form.append(name, value);
    form.append(
      'attachments[0]',
      new File([new Uint8Array(bytes)], 'note.txt', { type: 'text/plain' }),
    );
    const res = await fetch(`${address}/trpc/support.createTicket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      body: form,
    });
    return {
      status: res.status,
      replayed: res.headers.get('idempotent-replayed'),
      body: (await res.json()) as Record<string, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
    };
  };
  const ticketsWith = (subject: string) => ticketsWithSubject(h.db, subject);

  beforeAll(async () => {
    orgUuid = (
      await createOrganization(h, owner.token, { name: 'Upload Doors School', type: 'school' })
    ).uuid;
    address = await serverAddress();
  });

  /** Another file under a used key, as FormData on /trpc: 422, and still the one ticket. */
  async function expectOtherFileRefused(key: string, subject: string) {
    const other = await trpcSend(key, subject, Buffer.from('another file'));
    expect(other.status).toBe(422);
    expect(await ticketsWith(subject)).toBe(1);
  }

  it('replays a FormData upload on /trpc for the same file and answers 422 to another file', async () => {
    const first = await trpcSend('trpc-upload', 'Trpc upload', Buffer.from('one file'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.replayed).toBeNull();
    const again = await trpcSend('trpc-upload', 'Trpc upload', Buffer.from('one file'));
    expect(again.status).toBe(200);
    expect(again.replayed).toBe('true');
    expect(again.body.result.data).toEqual(first.body.result.data);
    await expectOtherFileRefused('trpc-upload', 'Trpc upload');
  });

  it('shares the key across doors: the same file sent as multipart to REST, then FormData to /trpc, is one ticket', async () => {
    const rest = await restSend('cross-upload', 'Cross upload', Buffer.from('same bytes'));
    expect(rest.status, rest.text).toBe(201);
    const trpc = await trpcSend('cross-upload', 'Cross upload', Buffer.from('same bytes'));
    expect(trpc.status).toBe(200);
    expect(trpc.replayed).toBe('true');
    expect(trpc.body.result.data).toEqual(rest.body);
    await expectOtherFileRefused('cross-upload', 'Cross upload');
  });

  it('answers 403 on replay to a token whose scope does not cover the upload, on both doors', async () => {
    const first = await restSend('scoped-upload', 'Scoped upload', Buffer.from('a file'));
    expect(first.status, first.text).toBe(201);
    const made = await h.rest('POST', '/user/api-tokens', {
      token: owner.token,
      body: { name: 'support reader', scopes: ['support:read'], expires_in_days: 7 },
    });
    expect(made.status, made.text).toBe(201);
    const readOnly = made.body.data.token as string;
    const uuid = first.body.data.uuid as string;
    const rest = await restSend('scoped-upload', 'Scoped upload', Buffer.from('a file'), readOnly);
    expect(rest.status).toBe(403);
    expect(rest.body.code).toBe('INSUFFICIENT_SCOPE');
    expect(rest.headers['idempotent-replayed']).toBeUndefined();
    expect(rest.text).not.toContain(uuid);
    const trpc = await trpcSend('scoped-upload', 'Scoped upload', Buffer.from('a file'), readOnly);
    expect(trpc.status).toBe(403);
    expect(trpc.replayed).toBeNull();
    expect(JSON.stringify(trpc.body)).not.toContain(uuid);
    expect(await ticketsWith('Scoped upload')).toBe(1);
  });
});

describe('a ticket with attachments through both doors', () => {
  it('takes the same multipart body on /trpc and /api/v1, with the same limits', async () => {
    const org = await createOrganization(h, owner.token, {
      name: 'Two Doors Upload School',
      type: 'school',
    });
    const form = (subject: string, files: { name: string; bytes: Buffer }[]) =>
      multipartBody([
        { name: 'subject', value: subject },
        { name: 'description', value: 'Attached.' },
        { name: 'category', value: 'general' },
        { name: 'priority', value: '' },
        { name: 'organization_uuid', value: org.uuid },
        ...files.map((f, i) => ({
          name: `attachments[${i}]`,
          filename: f.name,
          bytes: f.bytes,
          type: 'text/plain',
        })),
      ]);
    // tRPC's Fastify adapter reads a multipart body from the socket (Node's IncomingMessage), so
    // this door is called over real HTTP: light-my-request's injected request is not one.
    const address = await serverAddress();
    const viaTrpc = async (subject: string, files: { name: string; bytes: Buffer }[]) => {
      const { body, headers } = form(subject, files);
      const res = await fetch(`${address}/trpc/support.createTicket`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, ...headers },
        body: new Uint8Array(body),
      });
      return { statusCode: res.status, body: await res.text() };
    };
    const viaRest = (subject: string, files: { name: string; bytes: Buffer }[]) => {
      const { body, headers } = form(subject, files);
      return h.rest('POST', '/support/tickets', { token: owner.token, headers, body });
    };
    const note = { name: 'note.txt', bytes: Buffer.from('hello') };
    const trpc = await viaTrpc('Via tRPC', [note]);
    expect(trpc.statusCode, trpc.body).toBe(200);
    const trpcData = JSON.parse(trpc.body).result.data.data;
    const rest = await viaRest('Via REST', [note]);
    expect(rest.status, rest.text).toBe(201);
    const strip = (d: { attachments: { name: string; size: number; content_type: string }[] }) =>
      d.attachments.map(({ name, size, content_type }) => ({ name, size, content_type }));
    expect(strip(trpcData)).toEqual(strip(rest.body.data));
    expect(strip(trpcData)).toEqual([{ name: 'note.txt', size: 5, content_type: 'text/plain' }]);

    // Six files: the same 422 text on both doors, and no ticket.
    const six = Array.from({ length: 6 }, (_, i) => ({
      name: `n${i}.txt`,
      bytes: Buffer.from('x'),
    }));
    const tooManyTrpc = await viaTrpc('Too many', six);
    const tooManyRest = await viaRest('Too many', six);
    expect(tooManyTrpc.statusCode).toBe(422);
    expect(tooManyRest.status).toBe(422);
    expect(JSON.parse(tooManyTrpc.body).error.message).toBe(tooManyRest.body.message);
    expect(await ticketsWithSubject(h.db, 'Too many')).toBe(0);
  });
});
