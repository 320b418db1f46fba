// Bundles the server into dist/: our workspace packages and the pure-JavaScript npm packages it
// loads at start-up go into one file, so Node compiles one module instead of resolving and
// reading about a thousand (reopening the embedded database got about 0.5 s faster). Packages stay
// external when they need their own files or are loaded on first use (see EXTERNAL).
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const outdir = process.env.SERVER_OUT_DIR ?? 'dist';

const EXTERNAL = new Set([
  // Native code, or files read from the package's own folder at run time.
  '@electric-sql/pglite', // its .wasm and .data files
  '@node-rs/argon2',
  'sharp',
  'pdfkit', // its font metrics
  'swagger-ui-dist', // served from its folder
  'pino', // transports start worker threads from file paths
  'pino-pretty',
  'thread-stream',
  // Loaded on first use (packages/api/src/core/lazy-module.ts, packages/db/src/pg-module.ts):
  // bundled, they would be parsed at start-up after all.
  'nodemailer',
  'file-type',
  'qrcode',
  'stripe',
  'css-tree',
  'sanitize-html',
  'jsdom',
  'dompurify',
  'pg',
  '@simplewebauthn/server',
  // The demo identity provider (local mode only, apps/server/src/demo-idp): loaded on its first
  // request, never in production.
  'oidc-provider',
]);

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  // Modules imported with import() (the OpenAPI generator) become chunks loaded on first use; code
  // both entry points share goes to chunks too.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // The bundle's source stays in memory for as long as the server runs (V8 compiles functions
  // lazily from it): without whitespace and comments it is a third of the size, and ASCII-only
  // (one byte per character: one non-ASCII character in a comment made all 5.5 MB two-byte).
  // Names are kept, and the source map maps stack traces back (npm start turns maps on); the map
  // leaves out the sources themselves, which a stack trace never reads. Issue 25.
  minifyWhitespace: true,
  legalComments: 'external', // the licence notices go to main.js.LEGAL.txt beside it
  sourcemap: true,
  sourcesContent: false,
  plugins: [
    {
      name: 'externalize-listed-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          EXTERNAL.has(packageName(args.path)) ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
  // Bundled CommonJS packages call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
// The entry point (CommonJS, so it runs before libuv's pool starts): sizes the pool, loads main.js.
await copyFile('src/server.cjs', path.join(outdir, 'server.cjs'));
console.log(`server bundled to apps/server/${outdir} (start it with node ${outdir}/server.cjs)`);
