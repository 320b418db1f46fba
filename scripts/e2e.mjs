// Browser tests: Playwright with Debian's Chromium against the built app (see apps/web/playwright.config.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium is missing at ${chromium}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
for (const file of ['apps/web/dist/index.html', 'apps/server/dist/server.cjs']) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: 'apps/web',
});
process.exit(result.status ?? 1);
