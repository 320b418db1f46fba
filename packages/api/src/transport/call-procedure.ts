import { callTRPCProcedure, type AnyProcedure } from '@trpc/server';
import type { Context } from './context';
import type { Meta } from './trpc';
import { appRouter } from './root';

/** One operation of the router: its dotted path, tRPC type and meta (the whole contract). */
export type Operation = { path: string; type: 'query' | 'mutation'; meta: Meta | undefined };

/**
 * Every procedure of the router with its meta (what the REST routes, the OpenAPI document and the
 * matrices are generated from). Reads only the router's procedure list and each procedure's meta.
 */
export function listOperations(): Operation[] {
  // At runtime _def.procedures is flat ('auth.login' → procedure); its type is the nested record.
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  return Object.entries(procedures).map(([path, procedure]) => ({
    path,
    type: procedure._def.type as 'query' | 'mutation',
    meta: procedure._def.meta as Meta | undefined,
  }));
}

/**
 * Runs one procedure for a door through tRPC's own public call (callTRPCProcedure, what tRPC's
 * HTTP adapters use): the whole pipeline of trpc.ts (caller, scope, verified e-mail, throttles,
 * Idempotency-Key, input and output parsing, the handler) runs exactly as for /trpc. Resolves the
 * output or throws a TRPCError (toErrorEnvelope makes the envelope). `readInput` is called
 * when the pipeline reaches the input (after the caller, scope and e-mail checks), so a
 * multipart body is read only for a caller allowed to send it; it is read once.
 */
export function callProcedure(
  ctx: Context,
  operation: Operation,
  readInput: () => Promise<unknown>,
): Promise<unknown> {
  let input: Promise<unknown> | undefined;
  return callTRPCProcedure({
    router: appRouter,
    path: operation.path,
    type: operation.type,
    ctx,
    getRawInput: () => (input ??= readInput()),
    signal: undefined,
    batchIndex: 0,
  });
}
