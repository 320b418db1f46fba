/**
 * The layers of packages/api/src, from the bottom up, checked by `npm run lint -w @scmp/api` (so by
 * `npm test`); docs/architecture.md draws them from this file (`npm run docs:architecture`).
 *
 *   contracts/  browser-safe zod schemas and texts; imports zod and other contracts only
 *   core/       errors, clock, config, logger, crypto, storage, mail, payments, jobs queue, caches,
 *               the event buses and the AppDeps ports; knows no area and no door
 *   domain/     one folder per area; another area, a door or the composition root imports it only
 *               through its index.ts; areas never import a door
 *   transport/  tRPC init, the context, the routers, the OpenAPI document, file operations
 *   app/        the composition root: builds AppDeps, wires event subscriptions and job handlers
 *   index.ts    the package's face for apps/server
 */
const { noCircular, options } = require('../../dependency-cruiser.base.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    noCircular,
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment:
        'Folders that import each other, directly or round a loop, are one knot, not two layers.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-only-zod',
      severity: 'error',
      comment: 'Contracts are loaded by the browser too: zod and other contracts only.',
      from: { path: '^src/contracts/' },
      to: { pathNot: ['^src/contracts/', 'node_modules/zod/'] },
    },
    {
      name: 'core-not-up',
      severity: 'error',
      comment: 'The core knows no area, no door and no composition root.',
      from: { path: '^src/core/' },
      to: { path: '^src/(domain|transport|app)/|^src/index\\.ts$' },
    },
    {
      name: 'domain-not-transport',
      severity: 'error',
      comment:
        'A domain area never imports a door (tRPC, the context, routers) or the composition root.',
      from: { path: '^src/domain/' },
      to: { path: '^src/(transport|app)/|^src/index\\.ts$' },
    },
    {
      name: 'transport-not-app',
      severity: 'error',
      comment: 'The doors are wired by the composition root, never the other way round.',
      from: { path: '^src/transport/' },
      to: { path: '^src/app/|^src/index\\.ts$' },
    },
    {
      name: 'area-through-index',
      severity: 'error',
      comment:
        "An area's public face is its index.ts: no file outside the area imports another of its files.",
      from: { path: '^src/(?!domain/)|^src/domain/([^/]+)/' },
      to: {
        path: '^src/domain/([^/]+)/.+',
        pathNot: ['^src/domain/$1/', '^src/domain/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A file nothing imports is dead code (tests and the package face excepted).',
      from: {
        orphan: true,
        pathNot: ['\\.test\\.ts$', '\\.d\\.ts$', '^src/index\\.ts$', '^src/contracts/'],
      },
      to: {},
    },
  ],
  options: options(),
};
