import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The kept patch of @trpc/server (patches/, applied by `npm install` / `npm ci` through
 * patch-package): its published build calls a down-levelled object-spread helper on every
 * middleware step of every call, the patch puts back native object spreads (issue 35; figures in
 * patches/README.md). These fail when an upgrade or a fresh install leaves the helper in place.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const trpcDir = path.dirname(require.resolve('@trpc/server/package.json'));
const HELPER_CALL = /_objectSpread2\(/g;
const HELPER_DECLARATION = /function _objectSpread2\(/g;

function* builtFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* builtFiles(full);
    else if (/\.(mjs|cjs)$/.test(entry.name)) yield full;
  }
}

const helperCalls = (text: string) =>
  (text.match(HELPER_CALL)?.length ?? 0) - (text.match(HELPER_DECLARATION)?.length ?? 0);

describe('the @trpc/server patch', () => {
  it('matches the installed version (an upgrade needs the patch made anew)', () => {
    const installed = (
      JSON.parse(readFileSync(path.join(trpcDir, 'package.json'), 'utf8')) as { version: string }
    ).version;
    const patches = readdirSync(path.join(root, 'patches')).filter((name) =>
      name.startsWith('@trpc+server+'),
    );
    expect(patches).toEqual([`@trpc+server+${installed}.patch`]);
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      overrides: Record<string, string>;
    };
    expect(manifest.overrides['@trpc/server']).toBe(installed);
    expect(manifest.scripts.postinstall).toMatch(/^patch-package\b/);
  });

  it('is applied: no call of the object-spread helper is left in the installed build', () => {
    const left: string[] = [];
    let files = 0;
    for (const file of builtFiles(path.join(trpcDir, 'dist'))) {
      files += 1;
      const calls = helperCalls(readFileSync(file, 'utf8'));
      if (calls > 0) left.push(`${path.relative(trpcDir, file)}: ${calls}`);
    }
    expect(files).toBeGreaterThan(10);
    expect(left).toEqual([]);
    // The middleware chain, the place that matters most, spreads natively.
    const chain = [...builtFiles(path.join(trpcDir, 'dist'))].find((file) =>
      /initTRPC-.*\.mjs$/.test(file),
    )!;
    expect(readFileSync(chain, 'utf8')).toContain(
      'ctx: (nextOpts === null || nextOpts === void 0 ? void 0 : nextOpts.ctx) ? ({ ...opts.ctx, ...nextOpts.ctx }) : opts.ctx,',
    );
  });

  it('reaches the server bundle: esbuild, as build.mjs runs it, keeps the native spreads', async () => {
    const result = await build({
      stdin: {
        contents:
          "export { initTRPC } from '@trpc/server'; export { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';",
        resolveDir: path.join(root, 'apps/server'),
      },
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const text = result.outputFiles[0]!.text;
    expect(text).toContain('fastifyRequestHandler');
    expect(helperCalls(text)).toBe(0);
  });
});
