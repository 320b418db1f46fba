// Browser tests: Playwright with Debian's Chromium against the built app (see apps/web/playwright.config.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

// Paths from the repository root: the `e2e` turbo task runs this from apps/web.
const root = path.resolve(import.meta.dirname, '..');

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium is missing at ${chromium}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
for (const file of ['apps/web/dist/index.html', 'apps/server/dist/server.cjs']) {
  if (!existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: path.join(root, 'apps/web'),
});
process.exit(result.status ?? 1);
