import type { FastifyReply } from 'fastify';
import { idempotency, signedInCaller, type AppDeps, type Context, type Meta } from '@scmp/api';

export const REPLAYED = Symbol('replayed');

/**
 * Idempotency-Key on a POST that creates or charges (issue 22): the first request with a key runs
 * and its success is kept for 24 h; the same key and input answer that response again (with
 * Idempotent-Replayed: true) without running; another input answers 422, a request still running
 * 409. A failed request releases its key.
 */
export async function runIdempotently(
  deps: AppDeps,
  ctx: Context,
  request: {
    userId: number;
    key: string;
    operation: string;
    input: unknown;
    scope?: Meta['scope'];
  },
  run: () => Promise<unknown>,
  reply: FastifyReply,
  successStatus: number,
): Promise<unknown> {
  const { userId, key, operation, input } = request;
  const fingerprint = idempotency.requestFingerprint(operation, input);
  const start = await idempotency.beginIdempotentRequest(deps, userId, key, fingerprint);
  if (start.kind === 'replay') {
    // A replay does not run the procedure, so its API-token check (scope, budget) runs here: a
    // token outside the operation's scope never reads a stored response.
    await signedInCaller(ctx, request.scope);
    reply.code(start.status).header('idempotent-replayed', 'true').send(start.body);
    return REPLAYED;
  }
  let output: unknown;
  try {
    output = await run();
  } catch (error) {
    await idempotency.releaseIdempotencyKey(deps, start.id);
    throw error;
  }
  await idempotency.completeIdempotentRequest(deps, start.id, successStatus, output);
  return output;
}
