import { generateOpenApiDocument } from 'trpc-to-openapi';
import { ORGANIZATION_PERMISSIONS, ROLE_LABELS } from './contracts/roles';
import { appRouter } from './root';
import type { Meta } from './trpc';

type Operation = { description?: string; [key: string]: unknown };

/**
 * Each organization-scoped operation says which roles may call it: `x-organization-permission`
 * (the permission of contracts/roles.ts) and a sentence in its description.
 */
function documentPermissions(paths: Record<string, Record<string, Operation>>) {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: Meta } }
  >;
  for (const procedure of Object.values(procedures)) {
    const meta = procedure._def.meta;
    if (!meta?.openapi || !meta.permission) continue;
    const path = meta.openapi.path.replace(/:(\w+)/g, '{$1}');
    const operation = paths[path]?.[meta.openapi.method.toLowerCase()];
    if (!operation) continue;
    const { roles } = ORGANIZATION_PERMISSIONS[meta.permission];
    operation['x-organization-permission'] = meta.permission;
    operation['x-organization-roles'] = [...roles];
    const sentence = `Organization roles allowed: ${roles.map((r) => ROLE_LABELS[r]).join(', ')} (403 FORBIDDEN for other members, 404 for non-members).`;
    operation.description = operation.description
      ? `${operation.description}\n\n${sentence}`
      : sentence;
  }
}

/** The OpenAPI 3 document of the REST door, generated from the procedures' meta and schemas. */
export function buildOpenApiDocument(baseUrl: string) {
  const document = generateOpenApiDocument(appRouter, {
    title: 'SCMP API',
    description:
      'REST API of the School & Camp Management Platform. Authenticate with `Authorization: Bearer <token>` ' +
      'from POST /auth/login. Success bodies are `{ success: true, message?, data }`; errors are ' +
      '`{ success: false, message, code, errors? }` with a matching HTTP status.',
    version: '1.0.0',
    baseUrl,
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
  });
  documentPermissions(document.paths as Record<string, Record<string, Operation>>);
  return document;
}
