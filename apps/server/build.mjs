// Bundles the server (and our TypeScript workspace packages) into dist/; npm dependencies stay external.
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const outdir = process.env.SERVER_OUT_DIR ?? 'dist';

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // npm packages stay external; our workspace packages (TypeScript source) are bundled.
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@scmp/')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
// The entry point (CommonJS, so it runs before libuv's pool starts): sizes the pool, loads main.js.
await copyFile('src/server.cjs', path.join(outdir, 'server.cjs'));
console.log(`server bundled to apps/server/${outdir} (start it with node ${outdir}/server.cjs)`);
