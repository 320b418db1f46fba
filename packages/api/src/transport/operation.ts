import type { OpenApiMethod } from 'trpc-to-openapi';
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

/**
 * Declares operations on one base procedure of trpc.ts: `(route, summary, options?)` is that
 * procedure with the operation's meta, ready for `.input()`, `.output()` and the handler;
 * `(route, { restFlag, … })` declares a flagged one.
 */
function declareOn<Procedure extends { meta(meta: Meta): Procedure }>(
  base: Procedure,
  tag: string,
  signedIn: boolean,
) {
  return (route: Route, summary: string | FlaggedOptions, options?: OperationOptions): Procedure =>
    base.meta(operationMeta(tag, signedIn, route, summary, options));
}

/**
 * The operations of one OpenAPI tag (an area's `routers/<area>/area.ts`), one way per kind of
 * caller: `instances.authed('GET /instances/{uuid}', 'One of your instances', { scope, permission })`
 * is authedProcedure with that meta.
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
