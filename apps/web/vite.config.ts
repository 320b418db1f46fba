import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.SCMP_API_URL ?? 'http://127.0.0.1:3001';
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes .br (quality 11) and .gz (level 9) beside every hashed JS/CSS/SVG asset; the server's
 * static handler sends them as they are (preCompressed), instead of compressing each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'scmp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const assets = path.join(outDir, 'assets');
      const files = (await readdir(assets)).filter((f) => /\.(js|css|svg)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(assets, file));
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: 9 }),
          ]);
          await writeFile(path.join(assets, `${file}.br`), br);
          await writeFile(path.join(assets, `${file}.gz`), gzipped);
        }),
      );
    },
  };
}

/**
 * Mantine's ScrollArea (inside every Modal and Drawer) imports one small hook, useMergeRefs, from
 * @floating-ui/react; that drew the whole positioning library (15 KB gzip) into pages that show no
 * dropdown. Its import resolves to src/lib/merge-refs.ts, the same hook on @mantine/hooks.
 */
function scrollAreaMergeRefs(): Plugin {
  const shim = fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url));
  return {
    name: 'scmp-scroll-area-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '@floating-ui/react' &&
        importer &&
        /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer)
      ) {
        return shim;
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), scrollAreaMergeRefs()],
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: scripts/size-report.mjs follows each route's static imports through it.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every supported browser has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // No manual chunks: each lazy page brings only the Mantine components and schemas it uses,
    // so the first visit downloads the shell alone.
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/trpc': apiTarget,
      '/dev': apiTarget,
      '/uploads': apiTarget,
      '/files': apiTarget,
    },
  },
});
