// npm run lint:openapi — the OpenAPI document as a production deployment serves it, linted with
// Redocly's `recommended` rules: any error or warning fails (issue 22).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument } from '@scmp/api/openapi';

// No telemetry or update check: CI may run offline.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'scmp-openapi-')), 'openapi.json');
writeFileSync(file, JSON.stringify(buildOpenApiDocument('https://app.scmp.co.uk/api/v1')));
const result = spawnSync(
  'npx',
  ['redocly', 'lint', file, '--extends=recommended', '--format=json'],
  { encoding: 'utf8', env },
);
let totals;
try {
  totals = JSON.parse(result.stdout).totals;
} catch {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
if (totals.errors > 0 || totals.warnings > 0) {
  spawnSync('npx', ['redocly', 'lint', file, '--extends=recommended'], { stdio: 'inherit', env });
  console.error(`OpenAPI lint: ${totals.errors} errors, ${totals.warnings} warnings`);
  process.exit(1);
}
console.log('OpenAPI document: redocly lint (recommended) — no errors, no warnings');
