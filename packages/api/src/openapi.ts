import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './root';

/** The OpenAPI 3 document of the REST door, generated from the procedures' meta and schemas. */
export function buildOpenApiDocument(baseUrl: string) {
  return generateOpenApiDocument(appRouter, {
    title: 'SCMP API',
    description:
      'REST API of the School & Camp Management Platform. Authenticate with `Authorization: Bearer <token>` ' +
      'from POST /auth/login. Success bodies are `{ success: true, message?, data }`; errors are ' +
      '`{ success: false, message, code, errors? }` with a matching HTTP status.',
    version: '1.0.0',
    baseUrl,
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
  });
}
