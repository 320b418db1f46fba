// Runs a server CLI command (migrate, seed, grant-staff) from the bundle, building it if missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import './load-env.mjs';

if (!existsSync('apps/server/dist/cli.js')) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@scmp/server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const result = spawnSync(
  process.execPath,
  ['--enable-source-maps', 'apps/server/dist/cli.js', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
