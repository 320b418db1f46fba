// npm start: build what is missing or older than its sources, then run the bundled server (it
// migrates and seeds at start). A checkout that moved on (git pull) never serves a stale build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import './load-env.mjs';

if (Number(process.versions.node.split('.')[0]) < 22) {
  console.warn(
    `SCMP supports Node.js 22 and 24 (24 LTS recommended); ${process.version} is unsupported and past its end of life. Trying to start anyway.`,
  );
}

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** The newest modification time of the files under `paths` (files or folders; 0 when none exist). */
function newest(dirs) {
  let latest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    if (!statSync(dir).isDirectory()) {
      latest = Math.max(latest, statSync(dir).mtimeMs);
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '.tmp') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else latest = Math.max(latest, statSync(full).mtimeMs);
    }
  };
  dirs.forEach(walk);
  return latest;
}

const stale = (output, sources) =>
  !existsSync(output) || statSync(output).mtimeMs < newest(sources);

const shared = ['packages/api/src', 'packages/db/src', 'packages/ui/src'];
if (stale('apps/web/dist/index.html', ['apps/web/src', 'apps/web/index.html', ...shared])) {
  run('npm', ['run', 'build', '-w', '@scmp/web']);
}
if (stale('apps/server/dist/server.cjs', ['apps/server/src', ...shared])) {
  run('npm', ['run', 'build', '-w', '@scmp/server']);
}

const result = spawnSync(
  process.execPath,
  ['--enable-source-maps', 'apps/server/dist/server.cjs'],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 0);
