// Whether a build is older than its sources (npm start and npm run bench): a checkout that moved
// on (git pull, a merge) never runs, or measures, a stale build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SHARED = ['packages/api/src', 'packages/db/src', 'packages/ui/src'];
/** What the server bundle (apps/server/dist/server.cjs) is built from. */
export const SERVER_SOURCES = ['apps/server/src', ...SHARED];
/** What the web app (apps/web/dist/index.html) is built from. */
export const WEB_SOURCES = ['apps/web/src', 'apps/web/index.html', ...SHARED];

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

/** Whether `output` is missing or older than the newest file under `sources`. */
export const stale = (output, sources) =>
  !existsSync(output) || statSync(output).mtimeMs < newest(sources);
