import { generateOpenApiDocument } from 'trpc-to-openapi';
import { ORGANIZATION_PERMISSIONS, ROLE_LABELS } from './contracts/roles';
import { appRouter } from './root';
import type { Meta } from './trpc';

type Operation = { description?: string; [key: string]: unknown };

const addSentence = (operation: Operation, sentence: string) => {
  operation.description = operation.description
    ? `${operation.description}\n\n${sentence}`
    : sentence;
};

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
    if (!meta?.openapi) continue;
    const path = meta.openapi.path.replace(/:(\w+)/g, '{$1}');
    const operation = paths[path]?.[meta.openapi.method.toLowerCase()];
    if (!operation) continue;
    // Public operations say so (trpc-to-openapi marks an operation without `protect` as secured).
    if (!meta.openapi.protect) operation.security = [];
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
    if (meta.idempotent) {
      const parameters = (operation.parameters as unknown[] | undefined) ?? [];
      operation.parameters = [...parameters, IDEMPOTENCY_KEY_PARAMETER];
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
  documentAccess(document.paths as Record<string, Record<string, Operation>>);
  return document;
}
