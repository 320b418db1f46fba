// The JavaScript and CSS each route loads first, gzip: the entry, the route's page chunk and
// everything they import statically (from the build manifest). Fails the build above the budgets
// of issues 5 and 12 (150 KB of JavaScript on the five key routes, 40 KB of CSS per route) and of
// issue 36 (170 KB of JavaScript on every other route).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const JS_BUDGET_KB = 150;
/** Every other route (issue 36): the deep dashboard pages too. */
const ROUTE_JS_BUDGET_KB = 170;
const CSS_BUDGET_KB = 40;
const DATA = 'src/lib/DataProvider.tsx';
const SESSION = 'src/features/session/SessionSync.tsx';
/** The routes of issues 5 and 12, held to the tighter budget. */
const BUDGETED = new Set(['/', '/pricing', '/features', '/login', '/dashboard']);

/**
 * Every route of src/app/routes.tsx and the modules it loads besides the entry: its page, the
 * data layer for page() routes, the session keeper for the signed-in routes (under RequireAuth).
 */
function routesOf(source) {
  const signedInFrom = source.indexOf('<RequireAuth />');
  const signedInTo = source.indexOf("path: '*'");
  const found = {};
  const entry =
    /path:\s*'([^']+)',\s*element:\s*(page|staticPage)\(\(\) => import\('\.\.\/([^']+)'\)\)/g;
  for (const match of source.matchAll(entry)) {
    const [, route, kind, module] = match;
    if (route.startsWith('/api/')) continue; // the same page as /verify-email/:id/:hash
    const signedIn = match.index > signedInFrom && match.index < signedInTo;
    const modules = [`src/${module}.tsx`];
    if (kind === 'page') modules.push(DATA);
    if (signedIn) modules.push(SESSION);
    found[route] = modules;
  }
  return found;
}
const ROUTES = routesOf(readFileSync('src/app/routes.tsx', 'utf8'));

const dist = path.resolve(process.env.WEB_OUT_DIR ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return sizes.get(file);
};

/** The chunks a route loads before its page can render: static imports, transitively. */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  const js = [...seen].map((key) => manifest[key].file);
  const css = [...new Set([...seen].flatMap((key) => manifest[key].css ?? []))];
  return { js, css };
}

const budgetOf = (route) => (BUDGETED.has(route) ? JS_BUDGET_KB : ROUTE_JS_BUDGET_KB);
const kb = (bytes) => Number((bytes / 1024).toFixed(1));
const measure = (routes) =>
  Object.entries(routes).map(([route, modules]) => {
    // A page the entry imports statically (the 404 page) has no chunk of its own.
    const { js, css } = closure([entryKey, ...modules.filter((m) => manifest[m])]);
    const jsBytes = js.reduce((sum, file) => sum + gz(file), 0);
    const cssBytes = css.reduce((sum, file) => sum + gz(file), 0);
    return { route, js_kb: kb(jsBytes), css_kb: kb(cssBytes), chunks: js.length };
  });
const rows = measure(ROUTES);
const entryOnly = closure([entryKey]);
const total = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).length;
console.log(
  `entry and its static imports: ${kb(entryOnly.js.reduce((s, f) => s + gz(f), 0))} KB JS, ` +
    `${kb(entryOnly.css.reduce((s, f) => s + gz(f), 0))} KB CSS gzip (${total} chunks in total)`,
);
console.table(rows.map((r) => ({ ...r, budget_kb: budgetOf(r.route) })));

// SIZE_REPORT_MAP=1: the chunk map, which chunks each route loads besides the entry's, by size.
if (process.env.SIZE_REPORT_MAP) {
  const shell = new Set(entryOnly.js);
  for (const [route, modules] of Object.entries(ROUTES)) {
    const { js } = closure([entryKey, ...modules.filter((m) => manifest[m])]);
    const own = js.filter((f) => !shell.has(f)).sort((a, b) => gz(b) - gz(a));
    console.log(`${route}: ${own.map((f) => `${path.basename(f)} ${kb(gz(f))}`).join(', ')}`);
  }
}

const over = rows.filter((r) => r.js_kb > budgetOf(r.route) || r.css_kb > CSS_BUDGET_KB);
if (over.length > 0) {
  for (const r of over) {
    console.error(
      `${r.route}: ${r.js_kb} KB JS / ${r.css_kb} KB CSS gzip is over the ${budgetOf(r.route)} KB / ${CSS_BUDGET_KB} KB budget`,
    );
  }
  process.exit(1);
}
