import { getTRPCErrorFromUnknown, TRPCError, type AnyProcedure } from '@trpc/server';
import type { Context } from '@scmp/api';

/**
 * Runs a procedure's middleware chain the way tRPC's own caller does (same middlewares, same
 * input and output parsers, same errors), for the REST door.
 *
 * Why not `procedure(opts)`: tRPC's caller copies its options object with a down-levelled
 * object-spread helper (Object.defineProperties over property descriptors) two or three times per
 * middleware; profiling the REST door showed that helper alone at ~19% of the CPU of a trivial
 * call. Here each step builds one plain object literal instead. The semantics follow tRPC 11's
 * `callRecursive`, `createInputMiddleware` and `createOutputMiddleware`; the REST tests (and the
 * tRPC door, which still uses tRPC's caller over the same router) pin that the two agree.
 */

type MiddlewareResult =
  | { ok: true; data: unknown; ctx?: unknown; marker?: unknown }
  | { ok: false; error: TRPCError; marker?: unknown };

type NextOptions = {
  ctx?: Record<string, unknown>;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
};

type Middleware = ((opts: {
  ctx: Record<string, unknown>;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  path: string;
  type: string;
  meta: unknown;
  signal: undefined;
  batchIndex: number;
  next: (opts?: NextOptions) => Promise<MiddlewareResult>;
}) => Promise<MiddlewareResult>) & { _type?: 'input' | 'output' };

type Parser = { parseAsync: (value: unknown) => Promise<unknown> };

type ProcedureDef = {
  middlewares: Middleware[];
  inputs: Parser[];
  output?: Parser;
  meta?: unknown;
  type: string;
};

type Step = (state: State) => Promise<MiddlewareResult>;
type State = { ctx: Record<string, unknown>; input: unknown; getRawInput: () => Promise<unknown> };

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && !Array.isArray(value) && typeof value === 'object';
}

/** The input parser step: parse the raw input, merge object inputs as tRPC does. */
function inputStep(parser: Parser, next: Step): Step {
  return async (state) => {
    let parsed: unknown;
    const raw = await state.getRawInput();
    try {
      parsed = await parser.parseAsync(raw);
    } catch (cause) {
      throw new TRPCError({ code: 'BAD_REQUEST', cause });
    }
    const input =
      isObject(state.input) && isObject(parsed) ? { ...state.input, ...parsed } : parsed;
    return next({ ctx: state.ctx, input, getRawInput: state.getRawInput });
  };
}

/** The output parser step. */
function outputStep(parser: Parser, next: Step): Step {
  return async (state) => {
    const result = await next(state);
    if (!result.ok) return result;
    try {
      return { ok: true, data: await parser.parseAsync(result.data), ctx: result.ctx };
    } catch (cause) {
      throw new TRPCError({
        message: 'Output validation failed',
        code: 'INTERNAL_SERVER_ERROR',
        cause,
      });
    }
  };
}

/** Any other middleware (auth checks, the resolver) with tRPC's options. */
function middlewareStep(
  middleware: Middleware,
  next: Step,
  fixed: { path: string; type: string; meta: unknown },
): Step {
  return (state) =>
    middleware({
      ctx: state.ctx,
      input: state.input,
      getRawInput: state.getRawInput,
      path: fixed.path,
      type: fixed.type,
      meta: fixed.meta,
      signal: undefined,
      batchIndex: 0,
      next: (opts) =>
        next({
          ctx: opts?.ctx ? { ...state.ctx, ...opts.ctx } : state.ctx,
          input: opts && 'input' in opts ? opts.input : state.input,
          getRawInput: opts?.getRawInput ?? state.getRawInput,
        }),
    });
}

/** A middleware failure becomes a result, as in tRPC (an outer middleware may inspect it). */
function guarded(step: Step): Step {
  return async (state) => {
    try {
      return await step(state);
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause) };
    }
  };
}

const end: Step = async () => {
  throw new TRPCError({
    code: 'INTERNAL_SERVER_ERROR',
    message: 'No result from middlewares - did you forget to `return next()`?',
  });
};

/** Compiles a procedure once into a function of (ctx, raw input) that resolves its output. */
export function compileProcedure(
  procedure: AnyProcedure,
  path: string,
): (ctx: Context, rawInput: unknown) => Promise<unknown> {
  const def = procedure._def as unknown as ProcedureDef;
  const fixed = { path, type: def.type, meta: def.meta };
  let inputIndex = def.inputs.length;
  let step: Step = end;
  for (let i = def.middlewares.length - 1; i >= 0; i--) {
    const middleware = def.middlewares[i]!;
    let inner: Step;
    if (middleware._type === 'input') {
      inputIndex -= 1;
      inner = inputStep(def.inputs[inputIndex]!, step);
    } else if (middleware._type === 'output' && def.output) {
      inner = outputStep(def.output, step);
    } else {
      inner = middlewareStep(middleware, step, fixed);
    }
    step = guarded(inner);
  }
  if (inputIndex !== 0) throw new Error(`${path}: input middlewares and parsers do not line up`);
  const first = step;
  return async (ctx, rawInput) => {
    const getRawInput = async () => rawInput;
    const result = await first({
      ctx: ctx as unknown as Record<string, unknown>,
      input: undefined,
      getRawInput,
    });
    if (!result.ok) throw result.error;
    return result.data;
  };
}
