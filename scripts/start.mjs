// npm start: build what is missing, then run the bundled server (it migrates and seeds at start).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync('apps/web/dist/index.html')) run('npm', ['run', 'build', '-w', '@scmp/web']);
if (!existsSync('apps/server/dist/main.js')) run('npm', ['run', 'build', '-w', '@scmp/server']);

const result = spawnSync(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
});
process.exit(result.status ?? 0);
