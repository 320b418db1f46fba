import type {
  inferProcedureBuilderResolverOptions,
  TRPCMutationProcedure,
  TRPCProcedureBuilder,
  TRPCQueryProcedure,
  TRPCUnsetMarker,
} from '@trpc/server';
import type { OpenApiMethod } from 'trpc-to-openapi';
import type { z } from 'zod';
import type { ApiScope } from '../contracts/api-tokens';
import type { OrganizationPermission } from '../contracts/roles';
import {
  authedProcedure,
  publicProcedure,
  sessionProcedure,
  staffProcedure,
  verifiedProcedure,
  type Meta,
  type OperationFields,
} from './trpc';
import { envelope, messageEnvelope, ok, okMessage } from './envelope';

/** An operation's REST method and path, written as docs/api.md writes them: `'GET /instances/{uuid}'`. */
export type Route = `${OpenApiMethod} /${string}`;

type OpenApi = NonNullable<Meta['openapi']>;

/**
 * What sets one operation apart besides its route and summary: the meta fields of trpc.ts (scope,
 * permission, successStatus, idempotent, multipart, …) and the few OpenAPI fields an operation may
 * add (description, operationId, contentTypes). `protect` is filled in from the procedure (see
 * operationMeta); an operation states it only to leave it unset (`protect: undefined`).
 */
export type OperationOptions = OperationFields &
  Pick<OpenApi, 'description' | 'operationId' | 'contentTypes' | 'protect'>;

/**
 * A procedure that answers another one's route when the query sets its flag (meta.restFlag,
 * routers/README.md): it has no summary and no tag, the owner documents the route.
 */
export type FlaggedOptions = OperationOptions & { restFlag: string };

/**
 * Who may call an operation: the API-token scope it needs and the organization permission of the
 * caller's role (meta.scope, meta.permission). An area names the pairs its operations share
 * (`viewInstances = access('instances:read', 'view')`) and passes them as the options, or spreads
 * them beside others (`{ ...manageInstances, ...createsOnce }`).
 */
export function access(scope: ApiScope, permission: OrganizationPermission) {
  return { scope, permission } as const satisfies OperationOptions;
}

function withoutUndefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/**
 * The meta of one operation of the area tagged `tag`. `protect` (the OpenAPI bearer security and
 * the REST door's no-store) follows from the procedure: true for a signed-in one or one that reads
 * an optional sign-in (`optionalAuth`), false for a public one, unless the options state it. A
 * flagged procedure (`restFlag`) is left out of the document (`enabled: false`).
 */
export function operationMeta(
  tag: string,
  signedIn: boolean,
  route: Route,
  summary: string | FlaggedOptions,
  options: OperationOptions = {},
): Meta {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as OpenApiMethod;
  const path = route.slice(space + 1) as OpenApi['path'];
  const own = typeof summary === 'string' ? options : summary;
  const { description, operationId, contentTypes, protect: stated, ...meta } = own;
  const protect = 'protect' in own ? stated : signedIn || own.optionalAuth === true;
  const openapi: OpenApi =
    typeof summary === 'string'
      ? {
          method,
          path,
          tags: [tag],
          summary,
          ...withoutUndefined({ operationId, description, protect, contentTypes }),
        }
      : { method, path, enabled: false, ...withoutUndefined({ protect }) };
  return { ...meta, openapi };
}

/** A base procedure of trpc.ts given an operation's meta, before its input, output and handler. */
type Declared<Context, Overrides, ErrorShape> = TRPCProcedureBuilder<
  Context,
  Meta,
  Overrides,
  TRPCUnsetMarker,
  TRPCUnsetMarker,
  TRPCUnsetMarker,
  TRPCUnsetMarker,
  false,
  ErrorShape
>;

/**
 * The procedure `answers` builds: a query for a GET route, else a mutation (as trpc-to-openapi
 * needs), typed as the chain `.input(input).output(envelope(data)).query/mutation(…)` (or
 * `.output(messageEnvelope)`) would be.
 */
type Answering<R extends Route, Input extends z.ZodType, Envelope extends z.ZodType, ErrorShape> = {
  input: z.input<Input>;
  output: z.output<Envelope>;
  meta: Meta;
  errorShape: ErrorShape;
} extends infer Def extends { input: unknown; output: unknown; meta: Meta; errorShape: unknown }
  ? R extends `GET ${string}`
    ? TRPCQueryProcedure<Def>
    : TRPCMutationProcedure<Def>
  : never;

/** The handler of an operation that answers: it returns the `data` of the success envelope. */
type Handler<Context, Input extends z.ZodType, Data extends z.ZodType> = (call: {
  ctx: Context;
  input: z.output<Input>;
}) => z.input<Data> | Promise<z.input<Data>>;

/** The success envelope's message: a text, or one made from the data and the input. */
type Message<Input extends z.ZodType, Data extends z.ZodType> =
  string | ((data: z.input<Data>, input: z.output<Input>) => string);

type DataEnvelope<Data extends z.ZodType> = ReturnType<typeof envelope<Data>>;

/**
 * One declared operation: the procedure with its meta, ready for `.input()`, `.output()` and a
 * resolver where it does more than answer, and, for a thin one, `answers(input, data, message?,
 * handler)`: its input schema, the schema of the `data` of its success envelope, the envelope's
 * message, and the handler returning that data. An operation that answers only a message takes
 * `answers(input, message, handler)`: the handler's result is not answered.
 */
type Operation<R extends Route, Context, Overrides, ErrorShape> = Declared<
  Context,
  Overrides,
  ErrorShape
> & {
  answers<Input extends z.ZodType, Data extends z.ZodType>(
    input: Input,
    data: Data,
    handler: Handler<Caller<Context, Overrides, ErrorShape>, Input, Data>,
  ): Answering<R, Input, DataEnvelope<Data>, ErrorShape>;
  answers<Input extends z.ZodType, Data extends z.ZodType>(
    input: Input,
    data: Data,
    message: Message<Input, Data>,
    handler: Handler<Caller<Context, Overrides, ErrorShape>, Input, Data>,
  ): Answering<R, Input, DataEnvelope<Data>, ErrorShape>;
  answers<Input extends z.ZodType>(
    input: Input,
    message: string,
    handler: Handler<Caller<Context, Overrides, ErrorShape>, Input, z.ZodUnknown>,
  ): Answering<R, Input, typeof messageEnvelope, ErrorShape>;
};

/** The `ctx` a handler of the base procedure gets (its middlewares' additions included). */
type Caller<Context, Overrides, ErrorShape> = inferProcedureBuilderResolverOptions<
  Declared<Context, Overrides, ErrorShape>
>['ctx'];

/**
 * Declares operations on one base procedure of trpc.ts: `(route, summary, options?)` is that
 * procedure with the operation's meta (an Operation); `(route, { restFlag, … })` declares a
 * flagged one.
 */
function declareOn<Context, Overrides, ErrorShape>(
  base: Declared<Context, Overrides, ErrorShape>,
  tag: string,
  signedIn: boolean,
) {
  return <R extends Route>(
    route: R,
    summary: string | FlaggedOptions,
    options?: OperationOptions,
  ): Operation<R, Context, Overrides, ErrorShape> => {
    const declared = base.meta(operationMeta(tag, signedIn, route, summary, options));
    // Operation states the types; here the chain is built for any schemas.
    type AnyHandler = Handler<Caller<Context, Overrides, ErrorShape>, z.ZodType, z.ZodType>;
    const answers = (
      input: z.ZodType,
      data: z.ZodType | string,
      ...how: [AnyHandler] | [Message<z.ZodType, z.ZodType>, AnyHandler]
    ) => {
      const [message, handler] = how.length === 2 ? how : [undefined, how[0]];
      if (typeof data === 'string') {
        const chain = declared.input(input).output(messageEnvelope);
        const resolve = async (call: Parameters<AnyHandler>[0]) => {
          await handler(call);
          return okMessage(data);
        };
        return route.startsWith('GET ') ? chain.query(resolve) : chain.mutation(resolve);
      }
      const chain = declared.input(input).output(envelope(data));
      const resolve = async (call: Parameters<AnyHandler>[0]) => {
        const answer = await handler(call);
        return ok(answer, typeof message === 'function' ? message(answer, call.input) : message);
      };
      return route.startsWith('GET ') ? chain.query(resolve) : chain.mutation(resolve);
    };
    return { ...declared, answers } as unknown as Operation<R, Context, Overrides, ErrorShape>;
  };
}

/**
 * The operations of one OpenAPI tag (an area's `routers/<area>/area.ts`), one way per kind of
 * caller: `instances.authed('GET /instances/{uuid}', 'One of your instances', { scope, permission })`
 * is authedProcedure with that meta (and the `answers` step).
 */
export function area(tag: string) {
  return {
    /** Anyone (publicProcedure). */
    public: declareOn(publicProcedure, tag, false),
    /** Signed in with a session or an API token (authedProcedure). */
    authed: declareOn(authedProcedure, tag, true),
    /** Signed in with a session, never an API token (sessionProcedure). */
    session: declareOn(sessionProcedure, tag, true),
    /** Signed in with a verified e-mail address (verifiedProcedure). */
    verified: declareOn(verifiedProcedure, tag, true),
    /** Staff only (staffProcedure). */
    staff: declareOn(staffProcedure, tag, true),
  };
}
