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
const { forbid, noCircular, options } = require('../../dependency-cruiser.base.cjs');

/** What a layer may not import, from the bottom up: [rule, why, the layer, what it may not reach]. */
const LAYERS = [
  [
    'contracts-only-zod',
    'Contracts are loaded by the browser too: zod and other contracts only.',
    '^src/contracts/',
    { pathNot: ['^src/contracts/', 'node_modules/zod/'] },
  ],
  [
    'core-not-up',
    'The core knows no area, no door and no composition root.',
    '^src/core/',
    { path: '^src/(domain|transport|app)/|^src/index\\.ts$' },
  ],
  [
    'domain-not-transport',
    'A domain area never imports a door (tRPC, the context, routers) or the composition root.',
    '^src/domain/',
    { path: '^src/(transport|app)/|^src/index\\.ts$' },
  ],
  [
    'transport-not-app',
    'The doors are wired by the composition root, never the other way round.',
    '^src/transport/',
    { path: '^src/app/|^src/index\\.ts$' },
  ],
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    noCircular,
    {
      ...forbid(
        'no-circular-folders',
        'Folders that import each other, directly or round a loop, are one knot, not two layers.',
        {},
        { circular: true },
      ),
      scope: 'folder',
    },
    ...LAYERS.map(([name, comment, layer, to]) => forbid(name, comment, { path: layer }, to)),
    forbid(
      'area-through-index',
      "An area's public face is its index.ts: no file outside the area imports another of its files.",
      { path: '^src/(?!domain/)|^src/domain/([^/]+)/' },
      {
        path: '^src/domain/([^/]+)/.+',
        pathNot: ['^src/domain/$1/', '^src/domain/[^/]+/index\\.ts$'],
      },
    ),
    forbid(
      'no-orphans',
      'A file nothing imports is dead code (tests and the package face excepted).',
      {
        orphan: true,
        pathNot: ['\\.test\\.ts$', '\\.d\\.ts$', '^src/index\\.ts$', '^src/contracts/'],
      },
      {},
    ),
  ],
  options: options(),
};
