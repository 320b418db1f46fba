import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { asPage } from './security-headers';

const require = createRequire(import.meta.url);

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>SCMP API Reference</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`;

const INIT_JS = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: false });`;

/** /api/v1/openapi.json and a docs page at /api/docs, with Swagger UI served from our own origin. */
export async function registerApiDocs(app: FastifyInstance, appUrl: string): Promise<void> {
  // Built on the first request, not at start-up, by code loaded then (the generator and its
  // libraries are a chunk of their own in the bundle): most processes are never asked for it,
  // and an idle server need not hold that code, the text or the generator's working set (issue 25).
  // One build, however many requests arrive before it is done.
  let document: Promise<string> | undefined;
  const build = async () => {
    const { buildOpenApiDocument } = await import('@scmp/api/openapi');
    return JSON.stringify(buildOpenApiDocument(`${appUrl}/api/v1`));
  };
  app.get('/api/v1/openapi.json', async (_req, reply) => {
    document ??= build().catch((error: unknown) => {
      document = undefined; // a failed build is tried again by the next request
      throw error;
    });
    return reply.type('application/json').send(await document);
  });
  const assets = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, {
    root: assets,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    index: false,
    allowedPath: (file) =>
      /^\/?(swagger-ui\.css|swagger-ui-bundle\.js|favicon-32x32\.png)$/.test(file),
  });
  app.get('/api/docs', (_req, reply) => asPage(reply).send(DOCS_HTML));
  app.get('/api/docs/init.js', (_req, reply) => reply.type('application/javascript').send(INIT_JS));
}
