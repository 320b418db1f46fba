import type { Context } from './context';
import { AppError } from '../core/errors';
import {
  beginIdempotentRequest,
  IDEMPOTENCY_TEXTS,
  completeIdempotentRequest,
  releaseIdempotencyKey,
  requestFingerprint,
} from '../core/idempotency/idempotency';

/**
 * Idempotency-Key (issue 22), after the caller check so a token whose scope no longer covers the
 * operation never reads a stored answer: the first call with a key runs and its success is kept
 * for 24 h; the same key and input answer it again (Idempotent-Replayed: true) without running;
 * another input answers 422, a call still running 409. A failed call releases its key. One store
 * (core/idempotency) for both doors.
 */
export async function runIdempotent<Result extends { ok: boolean; data?: unknown }>(
  ctx: Context,
  userId: number,
  meta: { idempotencyKeyField?: string | undefined; successStatus?: number | undefined },
  path: string,
  getRawInput: () => Promise<unknown>,
  run: () => Promise<Result>,
): Promise<Result> {
  const raw = meta.idempotencyKeyField ? await getRawInput() : undefined;
  const { key, input } = idempotencyKeyOf(ctx.req.idempotencyKey, raw, meta.idempotencyKeyField);
  if (key === undefined) return run();
  const fingerprint = await requestFingerprint(
    path,
    meta.idempotencyKeyField ? input : await getRawInput(),
  );
  const start = await beginIdempotentRequest(ctx.deps, userId, key, fingerprint);
  if (start.kind === 'replay') {
    ctx.responseHeaders['idempotent-replayed'] = 'true';
    // Answered without running the rest of the chain: a middleware result of tRPC 11.
    return { ok: true, data: start.body, marker: undefined } as unknown as Result;
  }
  const result = await run();
  if (result.ok) {
    await completeIdempotentRequest(ctx.deps, start.id, meta.successStatus ?? 200, result.data);
  } else {
    await releaseIdempotencyKey(ctx.deps, start.id);
  }
  return result;
}

/**
 * The Idempotency-Key of a call: the header, or the operation's body field alias (trimmed, as its
 * input schema trims it; a value that schema refuses is left to it). Both given must agree. The
 * input comes back without the field, for the fingerprint.
 */
function idempotencyKeyOf(
  header: string | undefined,
  raw: unknown,
  field: string | undefined,
): { key: string | undefined; input: unknown } {
  if (!field || !raw || typeof raw !== 'object' || Array.isArray(raw) || raw instanceof FormData) {
    return { key: header, input: raw };
  }
  const { [field]: value, ...input } = raw as Record<string, unknown>;
  const fromBody =
    typeof value === 'string' && value.trim().length > 0 && value.trim().length <= 255
      ? value.trim()
      : undefined;
  if (header !== undefined && fromBody !== undefined && header !== fromBody) {
    throw new AppError('BAD_REQUEST', IDEMPOTENCY_TEXTS.twoKeys(field));
  }
  return { key: header ?? fromBody, input };
}
