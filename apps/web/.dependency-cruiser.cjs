/**
 * The web app's import rules (issue 36), checked by `npm run lint -w @scmp/web`:
 * - no import circle;
 * - src/lib is the bottom: it never imports src/features (nor pages or app);
 * - a feature folder's public face is its index.ts: another feature, a page or the app shell
 *   imports it from there, never from a file inside it. A dynamic import() is a code-split point
 *   (a lazily loaded page part) and may name the file it loads.
 */
const { forbid, noCircular, options } = require('../../dependency-cruiser.base.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    noCircular,
    forbid(
      'lib-not-features',
      'src/lib holds general helpers; it must not depend on a feature, a page or the app.',
      { path: '^src/lib/' },
      { path: '^src/(features|pages|app)/' },
    ),
    forbid(
      'feature-through-index',
      'A feature imports another feature through its index.ts only.',
      { path: '^src/features/([^/]+)/' },
      {
        path: '^src/features/([^/]+)/.+',
        pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.ts$'],
        dependencyTypesNot: ['dynamic-import'],
      },
    ),
    forbid(
      'pages-through-feature-index',
      'Pages and the app shell import a feature through its index.ts only.',
      { path: '^src/(pages|app)/' },
      {
        path: '^src/features/[^/]+/.+',
        pathNot: '^src/features/[^/]+/index\\.ts$',
        dependencyTypesNot: ['dynamic-import'],
      },
    ),
    forbid(
      'web-contracts-without-zod',
      'The web takes texts and rules from zod-free contract files; zod schemas (*-schemas.ts, the ' +
        'contracts index) only through a dynamic import(), so no route carries zod before it draws (issue 36).',
      { path: '^src/' },
      {
        path: 'packages/api/src/contracts/(index|[^/]+-schemas)\\.ts$',
        dependencyTypesNot: ['dynamic-import', 'type-only'],
      },
    ),
  ],
  options: options({ reporterOptions: { text: { highlightFocused: true } } }),
};
