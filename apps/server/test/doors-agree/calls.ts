import type { InjectOptions } from 'fastify';
import type { Operation } from '@scmp/api';
import type { DoorWorld } from '../../src/testing/door-world/types';
import type { Json, TestHarness } from '../../src/testing/harness';
import { multipartBody } from '../../src/testing/multipart';
import type { DoorCall } from '../door-fixtures/index';
import type { Answer, Pair } from './compare';

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

/** Path parameters of the operation taken from the input, the rest left for query or body. */
function splitInput(op: Operation, input: Json): { url: string; rest: Json } {
  const rest: Json = { ...input };
  // A procedure that answers another's path under a query flag (meta.restFlag) sets that flag.
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

/**
 * The calls of doors-agree, through /trpc and through /api/v1, on the server `server()` names
 * (read at call time): `address` is where it listens, for the uploads tRPC reads from a socket.
 */
/** One call through one door: the operation, its call, the caller, the client's address, extra headers. */
type Via<T> = (
  op: Operation,
  call: Required<Pick<DoorCall, 'input'>> & DoorCall,
  token: string | null,
  ip: string,
  extra: Record<string, string>,
) => Promise<T>;

export function doorCalls(server: () => { h: TestHarness; address: string }) {
  const viaRest: Via<Answer> = async (op, call, token, ip, extra) => {
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
    const res = await server().h.app.inject(options);
    return { status: res.statusCode, body: parse(res.body), headers: headersOf(res.headers) };
  };

  const viaTrpc: Via<{ ok: boolean } & Answer> = async (op, call, token, ip, extra) => {
    let status: number;
    let text: string;
    let raw: Record<string, unknown>;
    if (call.files) {
      const fields = Object.entries(call.input).map(([name, value]) => ({
        name,
        value: String(value),
      }));
      const mp = multipartBody([...fields, ...call.files]);
      const res = await fetch(`${server().address}/trpc/${op.path}`, {
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
          ? await server().h.app.inject({
              method: 'GET',
              url: `/trpc/${op.path}`,
              query: { input: JSON.stringify(call.input) },
              remoteAddress: ip,
              headers,
            })
          : await server().h.app.inject({
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
  };

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

  return { callBoth };
}
