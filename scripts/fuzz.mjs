#!/usr/bin/env node
/**
 * Long schema-driven fuzz run of the whole API (apps/server/test/security/fuzz.test.ts).
 *   npm run fuzz                          # 50 000 cases, random seed
 *   FUZZ_RUNS=200000 npm run fuzz         # longer
 *   FUZZ_SEED=123456 npm run fuzz         # replay a failure (fast-check prints seed and path)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = process.env.FUZZ_RUNS ?? '50000';
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));

console.log(`fuzz: FUZZ_RUNS=${runs} FUZZ_SEED=${seed}`);
const child = spawn(
  'npx',
  [
    'vitest',
    'run',
    'apps/server/test/security/fuzz.test.ts',
    '--testTimeout=0',
    '--hookTimeout=120000',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed, FUZZ_LONG: '1' },
  },
);
child.on('exit', (code) => {
  if (code !== 0) {
    console.error(
      `\nfuzz FAILED. Replay with: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz` +
        ' (fast-check printed the seed and path of the counterexample above).',
    );
  } else {
    console.log(`fuzz passed: FUZZ_RUNS=${runs} FUZZ_SEED=${seed}`);
  }
  process.exit(code ?? 1);
});
