import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { TEST_MODE_TEXT } from '@scmp/api/contracts/product';
import { asPage } from './security-headers';

export type SpaServer = { sendIndex: (reply: FastifyReply) => FastifyReply; available: boolean };

const MISSING_BUILD_HTML =
  '<!doctype html><meta charset="utf-8"><title>SCMP</title><p>The web app is not built yet. Run <code>npm run build</code>.</p>';

/**
 * A staging deployment on test payments (APP_ENV=production, ALLOW_TEST_PAYMENTS=true) says so
 * above every page, in the HTML itself: no script has to load for it to show.
 */
const TEST_MODE_BANNER = `<div role="status" data-testid="test-mode-banner" style="background:#fef3c7;color:#78350f;font:600 14px/1.4 system-ui,sans-serif;text-align:center;padding:6px 12px;border-bottom:1px solid #f59e0b">${TEST_MODE_TEXT}</div>`;

/**
 * Serves the built SPA: hashed assets cached immutable (precompressed .br/.gz when present),
 * index.html never cached (history fallback).
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  options: { testModeBanner: boolean } = { testModeBanner: false },
): Promise<SpaServer> {
  const indexFile = path.join(distDir, 'index.html');
  const available = existsSync(indexFile);
  const builtHtml = available ? readFileSync(indexFile, 'utf8') : MISSING_BUILD_HTML;
  const indexHtml = options.testModeBanner
    ? builtHtml.replace(/<body([^>]*)>/i, (tag) => `${tag}${TEST_MODE_BANNER}`)
    : builtHtml;
  if (available) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      // One GET/HEAD route for every file (wildcard: true; a file that is not there falls through
      // to the not-found handler, which serves index.html to a browser). wildcard: false globbed
      // the folder at start-up and added two routes per file, .br and .gz included: about a
      // thousand routes and 10 MB of memory for ~250 assets (issue 25).
      wildcard: true,
      // A folder ("/", "/assets/") is never a file to send: it falls through to the not-found
      // handler like a missing file. Without this, a client that sends no Accept-Encoding (curl,
      // uptime checks, crawlers) got a 403 for the home page, answered as 400 "Bad request."
      // (index: false; with an encoding the plugin already fell through). /index.html goes the
      // same way, so the page is always sent as sendIndex sends it (never cached, with the
      // test-mode banner) rather than as a file cached for an hour.
      allowedPath: (pathName) => !pathName.endsWith('/') && pathName !== '/index.html',
      cacheControl: false,
      // The web build writes .br and .gz beside each asset: sent as they are when the browser
      // accepts them (no compression work per request); other files are compressed on the fly.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => {
    return asPage(reply.code(200)).header('cache-control', 'no-cache').send(indexHtml);
  };
  return { sendIndex, available };
}
