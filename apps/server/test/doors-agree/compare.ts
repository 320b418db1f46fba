import type { Operation } from '@scmp/api';
import type { Json } from '../../src/testing/harness';
import type { DoorFixture } from '../door-fixtures/index';

/** How doors-agree compares the answers of /trpc and /api/v1 to one call. */
export type Answer = {
  status: number;
  /** REST's body, or tRPC's result.data / error.data.envelope. */
  body: unknown;
  headers: Record<string, string>;
};

export type Pair = { trpc: { ok: boolean } & Answer; rest: Answer };

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

/** What the two answers disagree on (empty when they agree). */
export function disagreement(
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
