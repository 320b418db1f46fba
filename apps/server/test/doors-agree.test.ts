import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations } from '@scmp/api';
import { createDoorWorld } from '../src/testing/door-world/create-door-world';
import type { DoorWorld } from '../src/testing/door-world/types';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { startTestOidcProvider, type TestOidcProvider } from '../src/testing/oidc-provider';
import {
  DOOR_FIXTURES,
  KNOWN_DISAGREEMENTS,
  THROTTLED_CALLS,
  TRPC_ONLY,
  type DoorCall,
} from './door-fixtures/index';
import { doorCalls } from './doors-agree/calls';
import { disagreement } from './doors-agree/compare';

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
const { callBoth } = doorCalls(() => ({ h, address }));

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
