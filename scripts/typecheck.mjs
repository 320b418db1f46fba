// Type-checks the workspace it runs in with TypeScript 7, the native compiler (issue 25):
// `npm run typecheck` 36.5 s → 25.1 s on a 2-CPU machine (the five workspaces one after the
// other: 43.9 s → 20.7 s), same verdicts. TypeScript 5.9 stays
// installed as `typescript` because typescript-eslint (typed lint rules) and other tools use its
// JavaScript API, which 7 does not ship; 7 is installed beside it as `typescript-native`, and is
// called by path because both packages name their binary `tsc`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

// Its package.json exports only the version module: find the package, then its bin/tsc.
const pkg = createRequire(import.meta.url).resolve('typescript-native/package.json');
const tsc = path.join(path.dirname(pkg), 'bin', 'tsc');
// `-p <folder>` checks another project of the workspace (apps/web: its browser tests, e2e/).
const args = process.argv.slice(2);
const project = args.includes('-p') ? [] : ['-p', '.'];
const result = spawnSync(process.execPath, [tsc, ...project, '--noEmit', ...args], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
