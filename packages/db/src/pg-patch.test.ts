import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The kept patch of node-postgres (patches/pg+<version>.patch, applied by `npm install` /
 * `npm ci` through patch-package): a named prepared statement that a connection has already
 * described runs without asking the server to describe it again (issue 35; figures in
 * patches/README.md). These fail when an upgrade or a fresh install leaves pg unpatched; what the
 * patch does on a real server is checked by pg-patch-postgres.test.ts (PostgreSQL pass).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(path.join(root, 'packages/db/package.json'));
const pgDir = path.dirname(require.resolve('pg/package.json'));
const installed = (
  JSON.parse(readFileSync(path.join(pgDir, 'package.json'), 'utf8')) as { version: string }
).version;

describe('the pg patch', () => {
  it('matches the installed version (an upgrade needs the patch made anew)', () => {
    const patches = readdirSync(path.join(root, 'patches')).filter((name) =>
      name.startsWith('pg+'),
    );
    expect(patches).toEqual([`pg+${installed}.patch`]);
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      overrides: Record<string, string>;
    };
    expect(manifest.overrides.pg).toBe(installed);
  });

  it('is applied to the installed files', () => {
    const source = (file: string) => readFileSync(path.join(pgDir, 'lib', file), 'utf8');
    expect(source('connection.js')).toContain('this.describedStatements = {}');
    expect(source('client.js')).toContain(
      'this.connection.describedStatements[activeQuery.name] = msg',
    );
    expect(source('query.js')).toContain('this._result.addKeptFields(described)');
    expect(source('result.js')).toContain('addKeptFields(described) {');
  });
});
