/**
 * The server app's import rules, checked by `npm run lint -w @scmp/server` (so by `npm test`):
 * - no import circle;
 * - the server reaches packages/api only through its package face (`@scmp/api`, `@scmp/api/openapi`,
 *   `@scmp/api/contracts`): its plain routes and doors never import a service's, a router's or the
 *   core's files (packages/api's own layers are checked by packages/api/.dependency-cruiser.cjs).
 */
const { noCircular, options } = require('../../dependency-cruiser.base.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    noCircular,
    {
      name: 'api-through-package-face',
      severity: 'error',
      comment:
        'apps/server imports packages/api through its package exports only (src/index.ts, the OpenAPI builder, contracts).',
      from: { path: '^src/' },
      to: {
        path: 'packages/api/src/',
        pathNot: [
          'packages/api/src/index\\.ts$',
          'packages/api/src/transport/openapi\\.ts$',
          'packages/api/src/contracts/',
        ],
      },
    },
  ],
  options: options({ doNotFollow: { path: 'node_modules|packages/' } }),
};
