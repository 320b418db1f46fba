#!/usr/bin/env node
/**
 * Draws packages/api's layers and domain areas into docs/architecture.md from the code itself, with
 * dependency-cruiser and the rules in packages/api/.dependency-cruiser.cjs:
 *   npm run docs:architecture            rewrites the generated parts of docs/architecture.md
 *   npm run docs:architecture -- --check fails when they are out of date (packages/api's lint runs it)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const api = path.join(root, 'packages/api');
const doc = path.join(root, 'docs/architecture.md');
const bin = path.join(root, 'node_modules/.bin/depcruise');
const config = '.dependency-cruiser.cjs';

function mermaid(collapse, includeOnly) {
  const out = execFileSync(
    bin,
    [
      'src',
      '--config',
      config,
      '--include-only',
      includeOnly,
      '--exclude',
      '\\.test\\.ts$',
      '--collapse',
      collapse,
      '--output-type',
      'mermaid',
    ],
    { cwd: api, encoding: 'utf8' },
  );
  return out.trim().replace(/^flowchart LR/, 'flowchart TD');
}

function rules() {
  const { forbidden } = createRequire(import.meta.url)(path.join(api, config));
  return forbidden.map((rule) => `- \`${rule.name}\`: ${rule.comment}`).join('\n');
}

const parts = {
  layers: '```mermaid\n' + mermaid('^src/(contracts|core|domain|transport|app)', '^src/') + '\n```',
  areas: '```mermaid\n' + mermaid('^src/domain/[^/]+', '^src/domain/') + '\n```',
  rules: rules(),
};

const before = readFileSync(doc, 'utf8');
let after = before;
for (const [name, body] of Object.entries(parts)) {
  const pattern = new RegExp(
    `(<!-- generated:${name} -->\\n)[\\s\\S]*?(<!-- /generated:${name} -->)`,
  );
  if (!pattern.test(after)) throw new Error(`docs/architecture.md has no generated:${name} block`);
  after = after.replace(pattern, (_, open, close) => `${open}${body}\n${close}`);
}

if (process.argv.includes('--check')) {
  if (after !== before) {
    console.error(
      'docs/architecture.md does not match the code: run `npm run docs:architecture` and commit it.',
    );
    process.exit(1);
  }
  console.log('docs/architecture.md matches the code.');
} else {
  writeFileSync(doc, after);
  console.log('docs/architecture.md: layer and area diagrams written.');
}
