import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../src/testing/free-port';
import { call, startServer } from '../scale-out/processes';
import { bannerOf, serverDir, tempDir, useProductionBundle } from './production-fixtures';

/**
 * Production mode and the operator's tools: a database holding the demo accounts is refused until
 * `db:remove-demo` has run; the CLI refuses what the server refuses, and backs up and restores.
 */
const production = useProductionBundle('cli');

describe('the demo-data guard', () => {
  it('refuses a database that holds the demo accounts until db:remove-demo has run', async () => {
    const dataDir = tempDir('demo');
    // First started in local mode: the demo data is created.
    const local = await startServer('local', production.bundle, {
      APP_ENV: 'local',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: production.webDist,
      LOG_LEVEL: 'warn',
      WORKER_ENABLED: 'false',
    });
    expect(await bannerOf(local)).toContain('Demo data was created');
    await local.stop();

    const env = production.env(await freePort(), dataDir);
    const refused = await production.runServer(env);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('the database holds the demo accounts');
    expect(refused.output).toContain('demo@scmp.test');
    expect(refused.output).toContain('npm run db:remove-demo');

    const seed = await production.runCli(env, ['seed']);
    expect(seed.code).not.toBe(0);
    expect(seed.output).toContain('Refusing to seed demo data in production');

    const removal = await production.runCli(env, ['remove-demo']);
    expect(removal.code, removal.output).toBe(0);
    expect(removal.output).toContain('Removed the demo accounts');
    expect(removal.output).toMatch(/demo@scmp\.test.*staff@scmp\.test/s);
    expect(removal.output).toMatch(/[1-9]\d* organizations/);

    const again = await production.runCli(env, ['remove-demo']);
    expect(again.output).toContain('No demo accounts found');

    const afterRemoval = await startServer('production-after-removal', production.bundle, env);
    try {
      const login = await call(afterRemoval, 'POST', '/api/v1/auth/login', {
        body: { email: 'staff@scmp.test', password: 'DemoPass!2026' },
      });
      expect(login.status).toBe(401);
    } finally {
      await afterRemoval.stop();
    }
  }, 120_000);
});

describe('the CLI in production', () => {
  it('refuses to start with the same list of problems as the server', () => {
    const dir = tempDir('cli');
    mkdirSync(dir, { recursive: true });
    const result = spawnSync(process.execPath, [production.cli, 'seed'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', APP_ENV: 'production', DATA_DIR: dir },
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/SMTP_URL: required/);
  });

  it('backs up and restores as an operator runs it, refusing a non-empty target without --force', async () => {
    const source = tempDir('backup-source');
    const env = production.env(await freePort(), source);
    const server = await startServer('production-backup-source', production.bundle, env);
    await server.stop();
    const file = path.join(tempDir('backup-files'), 'nightly.tar.gz');
    const backup = await production.runCli(env, ['backup', file]);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup written to .*nightly\.tar\.gz/);

    const refused = await production.runCli(env, ['restore', file]);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('Refusing to restore');
    expect(refused.output).toContain('Nothing was changed');

    const target = tempDir('backup-target');
    const restored = await production.runCli(production.env(await freePort(), target), [
      'restore',
      file,
    ]);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('Keep APP_KEY as it is');
    const started = await startServer(
      'production-restored',
      production.bundle,
      production.env(await freePort(), target),
    );
    await started.stop();
  }, 120_000);
});
