import { createHash } from 'node:crypto';
import type { AppDeps } from '../app-deps';
import { AppError } from '../errors';
import { decryptSecret, encryptSecret } from '../crypto';

/** A key is remembered this long; after that the same key starts a new request. */
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const PURPOSE = 'scmp:idempotency:response';

export const IDEMPOTENCY_TEXTS = {
  badKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  mismatch:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Retry it in a moment.',
  twoKeys: (field: string) =>
    `The Idempotency-Key header and the ${field} field name two different keys. Send one key.`,
} as const;

export type IdempotencyStart =
  { kind: 'run'; id: number } | { kind: 'replay'; status: number; body: unknown };

/** JSON with object keys sorted at every level, so equal inputs hash equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Files of a multipart input stand for their name, type and SHA-256 (same file → same input). */
async function withFileDigests(value: unknown): Promise<unknown> {
  if (value instanceof Blob) {
    const digest = createHash('sha256')
      .update(new Uint8Array(await value.arrayBuffer()))
      .digest('hex');
    return { file: value instanceof File ? value.name : '', type: value.type, sha256: digest };
  }
  if (Array.isArray(value)) return Promise.all(value.map(withFileDigests));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(
      Object.entries(value as Record<string, unknown>).map(
        async ([k, v]) => [k, await withFileDigests(v)] as const,
      ),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

/** What makes two requests "the same": the operation and its whole input (files by digest). */
export async function requestFingerprint(operation: string, input: unknown): Promise<string> {
  return createHash('sha256')
    .update(`${operation}\n${canonical(await withFileDigests(input))}`)
    .digest('hex');
}

/**
 * Claims `key` for this account, or answers what the first request with it got. One atomic insert
 * decides between concurrent requests: the loser sees the row and answers 409 while the winner
 * runs, the stored response once it is done, or 422 when its request differs.
 */
export async function beginIdempotentRequest(
  deps: AppDeps,
  userId: number,
  key: string,
  fingerprint: string,
): Promise<IdempotencyStart> {
  if (!KEY_PATTERN.test(key)) throw new AppError('BAD_REQUEST', IDEMPOTENCY_TEXTS.badKey);
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3600_000);
  await deps.db
    .deleteFrom('idempotent_requests')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '<', cutoff)
    .execute();
  const claimed = await deps.db
    .insertInto('idempotent_requests')
    .values({ user_id: userId, key, fingerprint, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (claimed) return { kind: 'run', id: claimed.id };

  const row = await deps.db
    .selectFrom('idempotent_requests')
    .select(['fingerprint', 'status', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row || row.status === null || row.response === null) {
    throw new AppError('CONFLICT', IDEMPOTENCY_TEXTS.inProgress);
  }
  if (row.fingerprint !== fingerprint) {
    throw new AppError('VALIDATION_ERROR', IDEMPOTENCY_TEXTS.mismatch);
  }
  const body: unknown = JSON.parse(decryptSecret(deps.config.appKey, row.response, PURPOSE));
  return { kind: 'replay', status: row.status, body };
}

/** Keeps the successful response for replays (encrypted: it may show a secret once). */
export async function completeIdempotentRequest(
  deps: AppDeps,
  id: number,
  status: number,
  body: unknown,
): Promise<void> {
  await deps.db
    .updateTable('idempotent_requests')
    .set({
      status,
      response: encryptSecret(deps.config.appKey, JSON.stringify(body), PURPOSE),
      completed_at: deps.clock.now(),
    })
    .where('id', '=', id)
    .execute();
}

/** A request that failed did no work: its key is released, so the client may retry with it. */
export async function releaseIdempotencyKey(deps: AppDeps, id: number): Promise<void> {
  await deps.db.deleteFrom('idempotent_requests').where('id', '=', id).execute();
}

/**
 * Forgets keys older than `cutoff` (default: the 24-hour window; lookups ignore them anyway), in
 * the one store, idempotent_requests. Run by the retention job
 * (domain/privacy/retention.ts, rule "idempotency-keys"); returns the rows removed.
 */
export async function sweepIdempotencyKeys(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  cutoff = new Date(deps.clock.now().getTime() - IDEMPOTENCY_TTL_HOURS * 3600_000),
): Promise<number> {
  const requests = await deps.db
    .deleteFrom('idempotent_requests')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(requests.numDeletedRows);
}
