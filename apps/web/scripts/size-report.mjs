// Prints the gzip size of the JavaScript and CSS that / loads first (entry + its static imports).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.env.WEB_OUT_DIR ?? 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
  (m) => m[1],
);
const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;
const js = initial.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
const css = initial.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0);
const chunks = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).length;
console.log(
  `initial JS ${(js / 1024).toFixed(1)} KB gzip, CSS ${(css / 1024).toFixed(1)} KB gzip (${chunks} chunks in total)`,
);
// Budget of issue 2: the entry and its static imports stay under 200 KB gzip; the build fails above.
const budget = 200 * 1024;
if (js > budget) {
  console.error(`initial JS is over the ${budget / 1024} KB gzip budget`);
  process.exit(1);
}
