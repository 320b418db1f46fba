// Rewrites @trpc/server's published build so that object spreads are native again (issue 35).
//
// tRPC's TypeScript source writes `{ ...opts, ctx }`; its published build (down-levelled by its
// bundler) calls a helper instead: `_objectSpread2(_objectSpread2({}, opts), {}, { ctx })`, which
// copies property by property through Object.keys, getOwnPropertySymbols, forEach closures,
// toPropertyKey and Object.defineProperty / getOwnPropertyDescriptors. tRPC does this for every
// middleware of every call (its middleware chain spreads its options and the context at each
// step), so a trivial call spent a large share of its CPU there. This script puts back the object
// literal the source has: `({ ...opts, ctx })`.
//
// The rewrite is exact: `_objectSpread2(target, a1, a2, …)` with a fresh target (an object literal
// or another such call) copies the own enumerable properties of each odd argument as data
// properties (what `...a1` does) and the own properties of each even argument, always an object
// literal here (what writing its properties inline does). A target that is not fresh, or an even
// argument that is not a literal, stops the script (the result could differ).
//
// Usage (after an upgrade of @trpc/server, see patches/README.md):
//   node scripts/trpc-native-spread.mjs && npx patch-package @trpc/server
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const acorn = require('acorn');
const dist = path.join(path.dirname(require.resolve('@trpc/server/package.json')), 'dist');

const HELPER = '_objectSpread2';
const isHelperCall = (node) =>
  node?.type === 'CallExpression' &&
  ((node.callee.type === 'Identifier' && node.callee.name === HELPER) ||
    (node.callee.type === 'MemberExpression' &&
      !node.callee.computed &&
      node.callee.property.name === HELPER));

function rewrite(source, file) {
  const ast = acorn.parse(source, {
    ecmaVersion: 'latest',
    sourceType: file.endsWith('.mjs') ? 'module' : 'script',
    allowHashBang: true,
  });
  const calls = [];
  (function walk(node) {
    if (!node || typeof node.type !== 'string') return;
    if (isHelperCall(node)) calls.push(node);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object' && typeof value.type === 'string') walk(value);
    }
  })(ast);
  calls.sort((a, b) => a.start - b.start);

  const renderRange = (start, end) => {
    let out = '';
    let pos = start;
    for (const call of calls) {
      if (call.start < pos || call.end > end) continue;
      out += source.slice(pos, call.start) + `(${renderCall(call)})`;
      pos = call.end;
    }
    return out + source.slice(pos, end);
  };
  const parts = (call) =>
    call.arguments.flatMap((arg, index) => {
      if (index === 0 && isHelperCall(arg)) return parts(arg);
      if (arg.type === 'ObjectExpression') {
        if (arg.properties.length === 0) return [];
        const inner = renderRange(arg.start + 1, arg.end - 1).replace(/,(\s*)$/, '$1');
        // One line stays one line; a literal over several lines keeps them (and the line numbers).
        return [inner.includes('\n') ? inner : inner.trim()];
      }
      if (index === 0 || index % 2 === 0) {
        const line = source.slice(0, call.start).split('\n').length;
        throw new Error(`${file}:${line}: argument ${index} is not an object literal`);
      }
      return [`...${renderRange(arg.start, arg.end)}`];
    });
  const renderCall = (call) => {
    const inner = parts(call);
    if (inner.length === 0) return '{}';
    const text = inner.join(', ');
    return text.endsWith('\n') || /\n\s*$/.test(text) ? `{ ${text}}` : `{ ${text} }`;
  };
  return { text: renderRange(0, source.length), count: calls.length };
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(mjs|cjs)$/.test(entry.name)) yield full;
  }
}

let total = 0;
for (const file of files(dist)) {
  const source = readFileSync(file, 'utf8');
  if (!source.includes(`${HELPER}(`)) continue;
  const { text, count } = rewrite(source, path.relative(dist, file));
  // The helper's own definition is a function declaration, not a call: it stays, unused.
  if (text !== source) {
    acorn.parse(text, {
      ecmaVersion: 'latest',
      sourceType: file.endsWith('.mjs') ? 'module' : 'script',
    });
    writeFileSync(file, text);
    total += count;
    console.log(`${path.relative(dist, file)}: ${count} spreads`);
  }
}
console.log(`${total} helper calls replaced by object spreads`);
