import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, type Operation } from '@scmp/api';
import { createDoorWorld } from '../src/testing/door-world/create-door-world';
import type { DoorWorld } from '../src/testing/door-world/types';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';
import { multipartBody } from '../src/testing/multipart';
import { startTestOidcProvider, type TestOidcProvider } from '../src/testing/oidc-provider';
import {
  DOOR_FIXTURES,
  KNOWN_DISAGREEMENTS,
  THROTTLED_CALLS,
  TRPC_ONLY,
  type DoorCall,
  type DoorFixture,
} from './door-fixtures/index';

/**
 * Both doors agree, for every procedure (issue 35). Each procedure of the router is called with
 * the same caller and input through /trpc (the web app's door) and through /api/v1, each on a
 * fresh world of its own (door-world/), and the answers must match: the HTTP status (tRPC's
 * 200 ↔ the operation's success status; an error's status on both), the payload (REST's body ↔
 * tRPC's result; the error envelope ↔ tRPC's error.data.envelope), and the headers that matter
 * (RateLimit-*, Retry-After, Idempotent-Replayed, the names of cookies set). Generated ids,
 * tokens and times are normalised. Besides that one call per door: signed-in operations called
 * anonymously, scoped reads called with an API token (RateLimit headers), mutations sent without
 * their fields (422), idempotent ones replayed with their Idempotency-Key, and throttled calls
 * repeated until refused (429, Retry-After). The fixtures are in door-fixtures/ (one file per group of areas); see
 * docs/testing.md for how to add one.
 */
let h: TestHarness;
let address: string;
let idp: TestOidcProvider;
const operations = listOperations();

beforeAll(async () => {
  h = await createHarness();
  // tRPC's Fastify adapter reads a multipart body from the socket: uploads go over real HTTP.
  address = await h.app.listen({ port: 0, host: '127.0.0.1' });
  idp = await startTestOidcProvider(`${h.config.appUrl}/api/v1/sso/oidc/callback`);
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await h?.close();
});

type Answer = {
  status: number;
  /** REST's body, or tRPC's result.data / error.data.envelope. */
  body: unknown;
  headers: Record<string, string>;
};

const HEADERS = ['ratelimit', 'ratelimit-policy', 'retry-after', 'idempotent-replayed'];

function headersOf(raw: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of HEADERS) {
    const value = raw[name];
    // The window's reset moves with the wall clock of the store: compare the quota and remaining.
    if (value !== undefined) out[name] = String(value).replace(/;t=\d+/, ';t=<s>');
  }
  const cookies = raw['set-cookie'];
  if (cookies !== undefined) {
    out['set-cookie'] = ([] as unknown[])
      .concat(cookies)
      .map((c) => String(c).split('=')[0])
      .sort()
      .join(',');
  }
  return out;
}

function parse(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return { unparsable: text.slice(0, 200) };
  }
}

/**
 * Path parameters of the operation taken from the input, the rest left for query or body; a
 * procedure that answers another's path under a query flag (meta.restFlag) sets that flag.
 */
function splitInput(op: Operation, input: Json): { url: string; rest: Json } {
  const rest: Json = { ...input };
  if (op.meta?.restFlag) rest[op.meta.restFlag] = 'true';
  const url = op.meta!.openapi!.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { url: `/api/v1${url}`, rest };
}

function authorization(token: string | null): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function viaRest(
  op: Operation,
  call: Required<Pick<DoorCall, 'input'>> & DoorCall,
  token: string | null,
  ip: string,
  extra: Record<string, string>,
): Promise<Answer> {
  const method = op.meta!.openapi!.method as InjectOptions['method'];
  const { url, rest } = splitInput(op, call.input);
  const options: InjectOptions = {
    method,
    url,
    remoteAddress: ip,
    headers: { ...authorization(token), ...extra },
  };
  if (call.files) {
    const fields = Object.entries(rest).map(([name, value]) => ({ name, value: String(value) }));
    const mp = multipartBody([...fields, ...call.files]);
    options.payload = mp.body;
    options.headers = { ...options.headers, ...mp.headers };
    // The tRPC door's upload comes over a real socket, from 127.0.0.1.
    options.remoteAddress = '127.0.0.1';
  } else if (method === 'GET') {
    options.query = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)]));
  } else if (Object.keys(rest).length > 0) {
    options.payload = rest;
  }
  const res = await h.app.inject(options);
  return { status: res.statusCode, body: parse(res.body), headers: headersOf(res.headers) };
}

async function viaTrpc(
  op: Operation,
  call: Required<Pick<DoorCall, 'input'>> & DoorCall,
  token: string | null,
  ip: string,
  extra: Record<string, string>,
): Promise<{ ok: boolean } & Answer> {
  let status: number;
  let text: string;
  let raw: Record<string, unknown>;
  if (call.files) {
    const fields = Object.entries(call.input).map(([name, value]) => ({
      name,
      value: String(value),
    }));
    const mp = multipartBody([...fields, ...call.files]);
    const res = await fetch(`${address}/trpc/${op.path}`, {
      method: 'POST',
      headers: { ...authorization(token), ...extra, ...mp.headers },
      body: new Uint8Array(mp.body),
    });
    status = res.status;
    text = await res.text();
    raw = Object.fromEntries(res.headers.entries());
    const cookies = res.headers.getSetCookie();
    if (cookies.length > 0) raw['set-cookie'] = cookies;
  } else {
    const headers = { ...authorization(token), ...extra };
    const res =
      op.type === 'query'
        ? await h.app.inject({
            method: 'GET',
            url: `/trpc/${op.path}`,
            query: { input: JSON.stringify(call.input) },
            remoteAddress: ip,
            headers,
          })
        : await h.app.inject({
            method: 'POST',
            url: `/trpc/${op.path}`,
            remoteAddress: ip,
            headers: { 'content-type': 'application/json', ...headers },
            payload: JSON.stringify(call.input),
          });
    status = res.statusCode;
    text = res.body;
    raw = res.headers;
  }
  const body = parse(text);
  const ok = status === 200 && body.result !== undefined;
  return {
    ok,
    status,
    body: ok ? body.result.data : (body.error?.data?.envelope ?? body),
    headers: headersOf(raw),
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g;
/** Keys whose values are generated per call (secrets shown once, numbers from a sequence). */
const GENERATED = new Set([
  'token',
  'secret',
  'challenge',
  'challenge_token',
  'client_secret',
  'qr_code_url',
  'qr_code_svg',
  'recovery_codes',
  'ticket_number',
  'number',
  'event_id',
]);
/** Random parts of values (an OAuth redirect's state and PKCE). */
const RANDOM_PARTS: [RegExp, string][] = [
  [/scmp_pat_[A-Za-z0-9_-]+/g, '<api-token>'],
  [/10\.77\.\d+\.\d+/g, '<ip>'],
  [/\b(state|nonce|code_challenge)=[^&]+/g, '$1=<random>'],
  [/pm_test_[0-9a-f]+/g, 'pm_test_<random>'],
];

/**
 * Replaces what differs between two equivalent worlds: their tags, ids, tokens, times, and the
 * fixture's own generated keys.
 */
function normalise(value: unknown, tags: string[], generated: Set<string>, key = ''): unknown {
  if (value !== null && (GENERATED.has(key) || generated.has(key))) return `<${key}>`;
  if (typeof value === 'string') {
    let s = value;
    for (const tag of tags) s = s.split(tag).join('<tag>');
    s = s.replace(UUID, '<uuid>').replace(ISO_TIME, '<time>');
    for (const [pattern, replacement] of RANDOM_PARTS) s = s.replace(pattern, replacement);
    return s;
  }
  if (typeof value === 'number' && (key === 'id' || key.endsWith('_id'))) return '<id>';
  if (Array.isArray(value)) return value.map((v) => normalise(v, tags, generated, key));
  if (value && typeof value === 'object') {
    // A DNS TXT record's value is a random challenge.
    const txt = (value as Json).type === 'TXT';
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        txt && k === 'value' ? '<random>' : normalise(v, tags, generated, k),
      ]),
    );
  }
  return value;
}

/** Keys and value types only (for answers about the whole platform). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  }
  return value === null ? 'null' : typeof value;
}

type Pair = { trpc: { ok: boolean } & Answer; rest: Answer };

/** What the two answers disagree on (empty when they agree). */
function disagreement(
  op: Operation,
  pair: Pair,
  tags: string[],
  fixture: Pick<DoorFixture, 'shapeOnly' | 'generated'>,
): string[] {
  const problems: string[] = [];
  const successStatus = op.meta?.successStatus ?? 200;
  const expectedRest = pair.trpc.ok ? successStatus : pair.trpc.status;
  if (pair.rest.status !== expectedRest) {
    problems.push(`status: /trpc ${pair.trpc.status}, /api/v1 ${pair.rest.status}`);
  }
  const generated = new Set(fixture.generated ?? []);
  const view = (body: unknown) =>
    fixture.shapeOnly ? shape(body) : normalise(body, tags, generated);
  const trpcBody = JSON.stringify(view(pair.trpc.body));
  const restBody = JSON.stringify(view(pair.rest.body));
  if (trpcBody !== restBody) {
    // Where they part, with some context.
    let at = 0;
    while (trpcBody[at] === restBody[at]) at += 1;
    const from = Math.max(0, at - 200);
    problems.push(
      `body (from character ${from}):\n    /trpc   ${trpcBody.slice(from, at + 300)}\n    /api/v1 ${restBody.slice(from, at + 300)}`,
    );
  }
  const trpcHeaders = JSON.stringify(pair.trpc.headers);
  const restHeaders = JSON.stringify(pair.rest.headers);
  if (trpcHeaders !== restHeaders) {
    problems.push(`headers: /trpc ${trpcHeaders}, /api/v1 ${restHeaders}`);
  }
  return problems;
}

async function callBoth(
  op: Operation,
  worlds: [DoorWorld, DoorWorld],
  make: (w: DoorWorld) => Promise<DoorCall>,
  extra: (w: DoorWorld) => Record<string, string> = () => ({}),
  repeat = 1,
): Promise<Pair[]> {
  const results: { trpc: ({ ok: boolean } & Answer)[]; rest: Answer[] } = { trpc: [], rest: [] };
  const [a, b] = worlds;
  const callA = await make(a);
  const inputA = { ...callA, input: callA.input ?? {} };
  for (let i = 0; i < repeat; i += 1) {
    const token = callA.token === undefined ? a.user.token : callA.token;
    results.trpc.push(await viaTrpc(op, inputA, token, a.ip, extra(a)));
  }
  const callB = await make(b);
  const inputB = { ...callB, input: callB.input ?? {} };
  for (let i = 0; i < repeat; i += 1) {
    const token = callB.token === undefined ? b.user.token : callB.token;
    results.rest.push(await viaRest(op, inputB, token, b.ip, extra(b)));
  }
  return results.trpc.map((trpc, i) => ({ trpc, rest: results.rest[i]! }));
}

describe('both doors agree, for every procedure', () => {
  it('every procedure of the router has a fixture (or is listed as tRPC-only with a reason)', () => {
    const missing = operations
      .map((op) => op.path)
      .filter((path) => !(path in DOOR_FIXTURES) && !(path in TRPC_ONLY));
    expect(missing, 'procedures without an entry in test/door-fixtures/').toEqual([]);
    const stale = Object.keys({ ...DOOR_FIXTURES, ...TRPC_ONLY }).filter(
      (path) => !operations.some((op) => op.path === path),
    );
    expect(stale, 'fixtures of procedures that no longer exist').toEqual([]);
    const trpcOnlyWithPath = Object.keys(TRPC_ONLY).filter(
      (path) => operations.find((op) => op.path === path)?.meta?.openapi,
    );
    expect(trpcOnlyWithPath, 'listed as tRPC-only but has a REST path').toEqual([]);
  });

  it('answers the same status, body and headers through /trpc and /api/v1', async () => {
    const failures: string[] = [];
    const disagreeing = new Set<string>();
    let calls = 0;
    const report = (what: string, problems: string[]) => {
      if (problems.length === 0) return;
      const path = what.split(' ')[0]!;
      disagreeing.add(path);
      if (!(path in KNOWN_DISAGREEMENTS)) failures.push(`${what}\n  ${problems.join('\n  ')}`);
    };
    for (const op of operations) {
      const started = Date.now();
      const fixture = DOOR_FIXTURES[op.path];
      if (!fixture || !op.meta?.openapi) continue;
      const worlds = [await createDoorWorld(h, idp), await createDoorWorld(h, idp)] as [
        DoorWorld,
        DoorWorld,
      ];
      const tags = worlds.map((w) => w.tag);
      // The fixture's call is made once per world (the anonymous, main and API-token calls share it).
      const made = new Map<DoorWorld, Promise<DoorCall>>();
      const make = (w: DoorWorld) => {
        if (!made.has(w)) made.set(w, Promise.resolve(fixture.call(w)));
        return made.get(w)!;
      };
      const signedIn = op.meta.openapi.protect !== false && !op.meta.optionalAuth;

      // Anonymous first (refused before anything runs, so the worlds stay as they were).
      if (signedIn && (await make(worlds[0])).token !== null) {
        const anon = async (w: DoorWorld) => ({ ...(await make(w)), token: null });
        const [pair] = await callBoth(op, worlds, anon);
        calls += 2;
        report(`${op.path} (anonymous)`, disagreement(op, pair!, tags, {}));
      }

      // A mutation with its fields left out (path parameters kept): the same 422 and field errors.
      const pathParams = [...op.meta.openapi.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const bare = async (w: DoorWorld) => {
        const call = await make(w);
        const input = Object.fromEntries(
          Object.entries(call.input ?? {}).filter(([k]) => pathParams.includes(k)),
        );
        return { ...call, input, files: undefined };
      };
      const fields = Object.keys((await make(worlds[0])).input ?? {}).filter(
        (k) => !pathParams.includes(k),
      );
      if (op.type === 'mutation' && fields.length > 0) {
        const [pair] = await callBoth(op, worlds, bare);
        calls += 2;
        report(`${op.path} (without fields)`, disagreement(op, pair!, tags, fixture));
      }

      // The fixture's call; an idempotent mutation is sent with a key and replayed with it.
      const idempotent = op.meta.idempotent === true && op.type === 'mutation';
      const keys = new Map<DoorWorld, Record<string, string>>();
      const sameKey = (w: DoorWorld): Record<string, string> => {
        if (!idempotent) return {};
        if (!keys.has(w)) keys.set(w, { 'idempotency-key': `doors-${w.tag}` });
        return keys.get(w)!;
      };
      const pairs = await callBoth(op, worlds, make, sameKey, idempotent ? 2 : 1);
      calls += pairs.length * 2;
      if (process.env.DOORS_VERBOSE) {
        const first = pairs[0]!;
        console.info(
          `${op.path}: ${first.rest.status} ${Date.now() - started} ms ${JSON.stringify(first.rest.body).slice(0, 120)}`,
        );
      }
      report(op.path, disagreement(op, pairs[0]!, tags, fixture));
      if (idempotent) {
        const replay = pairs[1]!;
        report(`${op.path} (replayed)`, disagreement(op, replay, tags, fixture));
        if (pairs[0]!.trpc.ok && replay.trpc.headers['idempotent-replayed'] !== 'true') {
          report(`${op.path} (replayed)`, [
            'the replay on /trpc is not marked Idempotent-Replayed',
          ]);
        }
      }

      // A scoped read with an API token: the same answer and the same RateLimit headers.
      if (op.type === 'query' && op.meta.scope && signedIn) {
        const withToken = async (w: DoorWorld) => {
          const call = await make(w);
          if (call.token !== undefined) return call;
          return { ...call, token: (await w.apiToken()).token };
        };
        const [pair] = await callBoth(op, worlds, withToken);
        calls += 2;
        report(`${op.path} (API token)`, disagreement(op, pair!, tags, fixture));
        if (!pair!.rest.headers.ratelimit) {
          report(`${op.path} (API token)`, ['no RateLimit header on /api/v1']);
        }
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
    // A known disagreement that is gone: remove it from KNOWN_DISAGREEMENTS.
    expect([...disagreeing].sort()).toEqual(Object.keys(KNOWN_DISAGREEMENTS).sort());
    console.info(`doors agree: ${operations.length} procedures, ${calls} calls`);
  }, 240_000);

  it('refuses a throttled call with the same 429, Retry-After and RateLimit on both doors', async () => {
    const failures: string[] = [];
    for (const throttled of THROTTLED_CALLS) {
      const op = operations.find((o) => o.path === throttled.path);
      expect(op, throttled.path).toBeDefined();
      const worlds = [await createDoorWorld(h, idp), await createDoorWorld(h, idp)] as [
        DoorWorld,
        DoorWorld,
      ];
      const [pair] = await callBoth(
        op!,
        worlds,
        async (w) => throttled.call(w),
        () => ({}),
        throttled.times,
      ).then((pairs) => pairs.slice(-1));
      const problems = disagreement(
        op!,
        pair!,
        worlds.map((w) => w.tag),
        {},
      );
      if (pair!.rest.status !== 429) problems.push(`not refused: ${pair!.rest.status}`);
      if (!pair!.rest.headers['retry-after']) problems.push('no Retry-After on /api/v1');
      if (problems.length > 0) failures.push(`${throttled.path}\n  ${problems.join('\n  ')}`);
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 60_000);
});
