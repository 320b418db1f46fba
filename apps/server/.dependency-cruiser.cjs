/**
 * The server app's import rules, checked by `npm run lint -w @scmp/server` (so by `npm test`):
 * - no import circle;
 * - the server reaches packages/api only through its package face (`@scmp/api`, `@scmp/api/openapi`,
 *   `@scmp/api/contracts`): its plain routes and doors never import a service's, a router's or the
 *   core's files (packages/api's own layers are checked by packages/api/.dependency-cruiser.cjs).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle: the modules of a circle cannot be understood or loaded one at a time.',
      from: {},
      to: { circular: true },
    },
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
  options: {
    doNotFollow: { path: 'node_modules|packages/' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
