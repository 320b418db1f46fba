import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicBranding, type AppDeps, type ResolvedHost } from '@scmp/api';
import type { RouteContext } from './context';
import { portalAnswer, renderedPortalPage, type PortalPageKind } from './portal-page';
import { escapeHtml } from './escape-html';
import { asPage } from '../plugins/security-headers';

/** Paths that keep working on every host (the API, static assets, uploaded files). */
const PASS_THROUGH = /^\/(api|trpc|assets|files)(\/|$|\?)/;

function statusPage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;background:#f8fafc;color:#111827;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0"><main style="max-width:32rem;padding:2rem;text-align:center"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;
}

function sendPage(reply: FastifyReply, status: number, title: string, text: string) {
  return asPage(reply.code(status))
    .header('cache-control', 'no-store')
    .send(statusPage(title, text));
}

/** Navigations (no file extension) get the SPA; files such as /favicon.ico fall through to static. */
function isNavigation(request: FastifyRequest, path: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const last = path.split('/').pop() ?? '';
  return !last.includes('.');
}

/** Tells the SPA it runs in tenant mode: the organization's slug and uuid. */
function tenantMeta(resolved: ResolvedHost): string {
  if (resolved.kind === 'tenant' && resolved.organization) {
    return [
      `<meta name="scmp-host-kind" content="tenant">`,
      `<meta name="scmp-tenant" content="${escapeHtml(resolved.slug)}">`,
      `<meta name="scmp-organization" content="${escapeHtml(resolved.organization.uuid)}">`,
    ].join('');
  }
  return '';
}

/**
 * Host routing, first of all routes (an onRequest hook):
 * - an active instance's host (or its verified custom domain) serves the school's front page at
 *   `/` (server-rendered from the branding cache: portal-page.ts), a branded 404 page for other
 *   pages, and `/healthz` → {status, instance};
 * - a closing organization's instance host answers 503 with its branded "This site has closed"
 *   page (its custom domains are no longer served at all: host-resolution.ts);
 * - a suspended instance's host answers 503 with the school's branded "temporarily unavailable"
 *   page; one still being set up 503 with its branded "not available yet" page;
 * - an unknown host under INSTANCE_DOMAIN answers 404;
 * - `{slug}.TENANT_DOMAIN` serves the tenant-mode SPA only while the organization is active.
 * /api, /trpc, /assets and /files keep working on every host.
 */
export async function registerHostRouting(
  app: FastifyInstance,
  deps: AppDeps,
  context: RouteContext,
): Promise<void> {
  const indexHtml = captureIndexHtml(context);

  // Synchronous for the API and assets (most requests): only other paths look the host up.
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '/';
    if (PASS_THROUGH.test(path)) return done();
    routeByHost(request, reply, path).then(
      (answered) => {
        if (answered === false) done();
      },
      (error: Error) => done(error),
    );
  });

  /** Answers the request when its host calls for it; false lets the routes handle it. */
  async function routeByHost(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
  ): Promise<FastifyReply | false> {
    const resolved = await publicBranding.resolvePortal(deps, request.headers.host);
    if (resolved.kind === 'main') return false;

    if (resolved.kind === 'unknown-instance') {
      return sendPage(reply, 404, 'Portal not found', 'There is no portal at this address.');
    }

    if (resolved.kind === 'instance') {
      const { status, uuid } = resolved.instance;
      if (path === '/healthz') {
        if (status === 'active') {
          return reply
            .code(200)
            .header('cache-control', 'no-store')
            .send({ status: 'ok', instance: uuid });
        }
        return reply.code(503).header('cache-control', 'no-store').send({ status, instance: uuid });
      }
      let kind: PortalPageKind | undefined;
      // A closing organization's portals: 503 "This site has closed", in its branding.
      if (resolved.organization.status === 'closing') kind = 'closed';
      else if (status === 'suspended') kind = 'unavailable';
      else if (status !== 'active') kind = 'not-ready';
      else if (isNavigation(request, path)) kind = path === '/' ? 'front' : 'not-found';
      if (!kind) return false;
      const answer = portalAnswer(
        renderedPortalPage(resolved.page, kind, deps.clock.now().getUTCFullYear()),
        request.headers['if-none-match'],
        request.headers['accept-encoding'],
      );
      return reply.code(answer.status).headers(answer.headers).send(answer.payload);
    } else if (!resolved.organization || resolved.organization.status !== 'active') {
      return sendPage(reply, 404, 'Site not found', 'There is no active site at this address.');
    }

    if (!isNavigation(request, path)) return false;
    const meta = tenantMeta(resolved);
    return asPage(reply.code(200))
      .header('cache-control', 'no-cache')
      .send(
        indexHtml.includes('</head>')
          ? indexHtml.replace('</head>', `${meta}</head>`)
          : meta + indexHtml,
      );
  }
}

/** The SPA's index.html as the SPA plugin serves it (read once through its sendIndex). */
function captureIndexHtml(context: RouteContext): string {
  let html = '';
  const recorder = {
    code: () => recorder,
    type: () => recorder,
    header: () => recorder,
    headers: () => recorder,
    send: (body: unknown) => {
      html = typeof body === 'string' ? body : String(body);
      return recorder;
    },
  };
  context.spa.sendIndex(recorder as unknown as FastifyReply);
  return html;
}
