// npm start: build what is missing or older than its sources, then run the bundled server (it
// migrates and seeds at start). A checkout that moved on (git pull) never serves a stale build.
import { spawnSync } from 'node:child_process';
import { SERVER_SOURCES, WEB_SOURCES, stale } from './build-freshness.mjs';
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

if (stale('apps/web/dist/index.html', WEB_SOURCES)) run('npm', ['run', 'build', '-w', '@scmp/web']);
if (stale('apps/server/dist/server.cjs', SERVER_SOURCES)) {
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
