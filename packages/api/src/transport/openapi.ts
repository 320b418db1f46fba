import { generateOpenApiDocument } from 'trpc-to-openapi';
import { ORGANIZATION_PERMISSIONS, ROLE_LABELS } from '../contracts/roles';
import { appRouter } from './root';
import type { Meta } from './trpc';

type Operation = { description?: string; [key: string]: unknown };

const addSentence = (operation: Operation, sentence: string) => {
  operation.description = operation.description
    ? `${operation.description}\n\n${sentence}`
    : sentence;
};

/** The error body of every operation (the envelope of docs/api.md), as components.schemas.ErrorEnvelope. */
type SchemaObject = NonNullable<
  NonNullable<ReturnType<typeof generateOpenApiDocument>['components']>['schemas']
>[string];
const ERROR_ENVELOPE_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['success', 'message', 'code'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string', description: 'A sentence a person can read.' },
    code: { type: 'string', description: 'A stable machine code, e.g. NOT_FOUND, FORBIDDEN.' },
    errors: {
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
      description: 'Field-level messages of a 422.',
    },
  },
  additionalProperties: true,
};
const envelopeResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

/**
 * The responses as the REST door really answers: the success status the procedure declares
 * (201 for creations, not the generator's 200), and the error statuses it can give, each with
 * the envelope instead of the generator's own error shape.
 */
function documentResponses(operation: Operation, meta: Meta) {
  const responses = (operation.responses ?? {}) as Record<string, unknown>;
  const success = responses['200'];
  const status = String(meta.successStatus ?? 200);
  const documented: Record<string, unknown> = { [status]: success };
  const protectedOp = meta.openapi?.protect === true;
  const path = meta.openapi?.path ?? '';
  documented['400'] = envelopeResponse('The request is malformed (BAD_REQUEST).');
  if (protectedOp) {
    documented['401'] = envelopeResponse('Not signed in, or the token expired (UNAUTHENTICATED).');
    documented['403'] = envelopeResponse(
      'Signed in, but not allowed: a role without the right (FORBIDDEN) or an API token without the scope (INSUFFICIENT_SCOPE).',
    );
  }
  if (path.includes('{'))
    documented['404'] = envelopeResponse('Not found, or not yours (NOT_FOUND).');
  if (meta.idempotent || (meta.openapi?.method !== 'GET' && protectedOp)) {
    documented['409'] = envelopeResponse('Conflicts with the current state (CONFLICT).');
  }
  documented['422'] = envelopeResponse('Invalid input, with field messages in `errors`.');
  documented['429'] = envelopeResponse(
    'Too many requests; see Retry-After and the RateLimit headers.',
  );
  documented['500'] = envelopeResponse('Something went wrong on our side (INTERNAL).');
  operation.responses = documented;
}

/** POSTs that create or charge accept an Idempotency-Key (the REST door, rest-door.ts). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key with the same body within 24 hours answers the first ' +
    'response again (with `Idempotent-Replayed: true`) without doing the work twice; the same key ' +
    'with another body answers 422, and 409 while the first request is still running. Keys are ' +
    'per account; a request that failed releases its key.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/**
 * Who may call each operation. Organization-scoped ones: `x-organization-permission` (the
 * permission of contracts/roles.ts) and the roles in a sentence. Every signed-in one: the API-token
 * scope it needs (`x-required-scope`), or that API tokens cannot call it (`x-api-token: false`).
 */
function documentAccess(paths: Record<string, Record<string, Operation>>) {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: Meta } }
  >;
  for (const procedure of Object.values(procedures)) {
    const meta = procedure._def.meta;
    // A flagged procedure (meta.restFlag) is documented by its path's owner: documentFlagged.
    if (!meta?.openapi || meta.openapi.enabled === false) continue;
    const path = meta.openapi.path.replace(/:(\w+)/g, '{$1}');
    const operation = paths[path]?.[meta.openapi.method.toLowerCase()];
    if (!operation) continue;
    // Public operations say so (trpc-to-openapi marks an operation without `protect` as secured).
    if (!meta.openapi.protect) operation.security = [];
    if (meta.optionalAuth) operation.security = [{}, { bearerAuth: [] }];
    if (meta.scope) {
      operation['x-required-scope'] = meta.scope;
      addSentence(
        operation,
        `API tokens need the \`${meta.scope}\` scope (403 INSUFFICIENT_SCOPE without it).`,
      );
    } else if (meta.openapi.protect) {
      operation['x-api-token'] = false;
      addSentence(operation, 'Signed-in sessions only: any API token answers 403.');
    }
    documentResponses(operation, meta);
    if (meta.idempotent) {
      const parameters = (operation.parameters as unknown[] | undefined) ?? [];
      const field = meta.idempotencyKeyField;
      const parameter = field
        ? {
            ...IDEMPOTENCY_KEY_PARAMETER,
            description: `${IDEMPOTENCY_KEY_PARAMETER.description} The body field \`${field}\` is an alias of this header (one key, one store; both given must be equal).`,
          }
        : IDEMPOTENCY_KEY_PARAMETER;
      operation.parameters = [...parameters, parameter];
    }
    if (!meta.permission) continue;
    const { roles } = ORGANIZATION_PERMISSIONS[meta.permission];
    operation['x-organization-permission'] = meta.permission;
    operation['x-organization-roles'] = [...roles];
    addSentence(
      operation,
      `Organization roles allowed: ${roles.map((r) => ROLE_LABELS[r]).join(', ')} (403 FORBIDDEN for other members, 404 for non-members).`,
    );
  }
}

type JsonSchema = Record<string, unknown>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A schema for what either of two answers is: where they are objects with the same keys (or
 * arrays) and differ inside, the union is taken there (an envelope of a list of A or of B is
 * documented as an envelope of a list of A | B), else anyOf the two.
 */
function unionSchema(a: JsonSchema, b: JsonSchema): JsonSchema {
  if (same(a, b)) return a;
  const { properties: pa, items: ia, ...restA } = a;
  const { properties: pb, items: ib, ...restB } = b;
  if (same(restA, restB)) {
    if (pa && pb && same(Object.keys(pa), Object.keys(pb))) {
      const left = pa as Record<string, JsonSchema>;
      const right = pb as Record<string, JsonSchema>;
      const properties = Object.fromEntries(
        Object.keys(left).map((key) => [key, unionSchema(left[key]!, right[key]!)]),
      );
      return { ...a, properties };
    }
    if (ia && ib && !pa && !pb) {
      return { ...a, items: unionSchema(ia as JsonSchema, ib as JsonSchema) };
    }
  }
  return { anyOf: [a, b] };
}

type Procedures = Record<string, { _def: { meta?: Meta } }>;

/**
 * Procedures that answer another's REST path under a query flag (meta.restFlag) add their query
 * parameters and their answer to that path's one operation: each is rendered alone as the
 * generator would render it, and merged in.
 */
function documentFlagged(paths: Record<string, Record<string, Operation>>, baseUrl: string) {
  const procedures = appRouter._def.procedures as unknown as Procedures;
  for (const [name, procedure] of Object.entries(procedures)) {
    const meta = procedure._def.meta;
    if (!meta?.restFlag || !meta.openapi) continue;
    const openapi = { ...meta.openapi, enabled: true };
    const alone = {
      _def: { procedures: { [name]: { _def: { ...procedure._def, meta: { ...meta, openapi } } } } },
    };
    const rendered = generateOpenApiDocument(
      alone as unknown as Parameters<typeof generateOpenApiDocument>[0],
      { title: name, version: '1', baseUrl },
    );
    const method = openapi.method.toLowerCase();
    const own = (rendered.paths?.[openapi.path] as Record<string, Operation> | undefined)?.[method];
    const owner = paths[openapi.path]?.[method];
    if (!own || !owner) throw new Error(`${name}: no operation ${openapi.method} ${openapi.path}`);
    const parameters = (owner.parameters ?? []) as { name: string }[];
    for (const parameter of (own.parameters ?? []) as { name: string }[]) {
      if (!parameters.some((p) => p.name === parameter.name)) parameters.push(parameter);
    }
    owner.parameters = parameters;
    const answer = (operation: Operation) =>
      (operation.responses as Record<string, { content: Record<string, { schema: JsonSchema }> }>)[
        '200'
      ]!.content['application/json']!;
    answer(owner).schema = unionSchema(answer(owner).schema, answer(own).schema);
  }
}

/** The OpenAPI 3 document of the REST door, generated from the procedures' meta and schemas. */
export function buildOpenApiDocument(baseUrl: string) {
  const document = generateOpenApiDocument(appRouter, {
    title: 'SCMP API',
    description:
      'REST API of the School & Camp Management Platform. Authenticate with `Authorization: Bearer <token>`: ' +
      'a personal API token (`scmp_pat_…`, created under Profile → API tokens or POST /user/api-tokens, limited ' +
      'to its scopes, 600 requests a minute with RateLimit headers) or a session token from POST /auth/login. ' +
      'Success bodies are `{ success: true, message?, data }`; errors are ' +
      '`{ success: false, message, code, errors? }` with a matching HTTP status.',
    version: '1.0.0',
    baseUrl,
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
  });
  documentFlagged(document.paths as Record<string, Record<string, Operation>>, baseUrl);
  documentAccess(document.paths as Record<string, Record<string, Operation>>);
  const appUrl = baseUrl.replace(/\/api\/v1$/, '');
  document.info.contact = { name: 'SCMP support', url: `${appUrl}/contact` };
  document.info.license = { name: 'Proprietary: SCMP terms of service', url: `${appUrl}/terms` };
  // The generator's own error schemas are replaced by the envelope: keep only what is referenced.
  const referenced = JSON.stringify(document.paths);
  const schemas = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).filter(([name]) =>
      referenced.includes(`"#/components/schemas/${name}"`),
    ),
  );
  document.components = {
    ...document.components,
    schemas: { ...schemas, ErrorEnvelope: ERROR_ENVELOPE_SCHEMA },
  };
  return document;
}
