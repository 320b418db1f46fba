import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestClock, type TestClock } from '@scmp/api';
import { createDb } from '@scmp/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStepAt, totpCodeForStep } from '../../../../packages/api/src/domain/two-factor/totp';
import { buildApp } from '../../src/app';
import { createBackup, type BackupSource } from '../../src/backup/create-backup';
import {
  restoreBackup,
  RestoreRefusedError,
  type RestoreTarget,
} from '../../src/backup/restore-backup';
import { openRuntime } from '../../src/bootstrap';
import type { ServerConfig } from '../../src/config';
import { seedDemoData } from '../../src/seed';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import { multipartBody, TINY_PNG } from '../../src/testing/security-fixtures';

/**
 * A database with every kind of record (the demo data: users, organizations, instances,
 * subscriptions with invoices, tickets, activity; plus two-factor, a branding logo and a ticket
 * attachment) is backed up, restored into a fresh target of the same kind (an empty folder on
 * the embedded pass, a new PostgreSQL database on the PostgreSQL pass), and a server started on
 * the restore answers as the original did; the demo user signs in with two-factor.
 */
const DEMO = { email: 'demo@scmp.test', password: 'DemoPass!2026' };
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const temp: string[] = [];
const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `scmp-backup-test-${label}-`));
  temp.push(dir);
  return dir;
};

let h: TestHarness;
let backupFile: string;
let secret: string;
let orgUuid: string;
let logoUrl: string;
let attachmentId: string;
const extraDatabases: string[] = [];

type Answer = { status: number; body: Json; raw: Buffer };
type Server = {
  clock: TestClock;
  get: (pathname: string, token?: string) => Promise<Answer>;
  post: (pathname: string, body: unknown) => Promise<Answer>;
  counts: () => Promise<Record<string, number>>;
  close: () => Promise<void>;
};

async function tableCounts(db: TestHarness['db']): Promise<Record<string, number>> {
  const tables = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(
    db,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of tables.rows) {
    const row = await sql<{
      n: string | number;
    }>`SELECT count(*) AS n FROM ${sql.table(tablename)}`.execute(db);
    counts[tablename] = Number(row.rows[0]?.n ?? 0);
  }
  return counts;
}

/** A fresh, empty restore target of this pass's kind. */
async function freshTarget(): Promise<{ target: RestoreTarget; config: Partial<ServerConfig> }> {
  const dataDir = tempDir('target');
  const uploadsDir = path.join(dataDir, 'uploads');
  if (!onPostgres) {
    return { target: { kind: 'pglite', dataDir }, config: { dataDir, uploadsDir } };
  }
  const admin = new URL(process.env.TEST_DATABASE_URL ?? '');
  const name = `scmp_restore_${process.pid}_${extraDatabases.length}`;
  const handle = await createDb({ databaseUrl: admin.toString(), dataDir: '', poolSize: 1 });
  await sql`DROP DATABASE IF EXISTS ${sql.id(name)}`.execute(handle.db);
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(handle.db);
  await handle.close();
  extraDatabases.push(name);
  admin.pathname = `/${name}`;
  const databaseUrl = admin.toString();
  return {
    target: { kind: 'postgres', databaseUrl },
    config: { dataDir, uploadsDir, databaseUrl },
  };
}

/** The server started on a restored database, as `npm start` would open it. */
async function startOn(overrides: Partial<ServerConfig>): Promise<Server> {
  const config: ServerConfig = { ...h.config, ...overrides };
  const clock = createTestClock(new Date(h.clock.now().getTime() + 120_000));
  const { deps, handle } = await openRuntime(config, undefined, clock);
  const app = await buildApp(deps, config, { logger: false });
  await app.ready();
  const answer = (res: { statusCode: number; body: string; rawPayload: Buffer }): Answer => {
    let body: Json = {};
    try {
      body = JSON.parse(res.body) as Json;
    } catch {
      body = {};
    }
    return { status: res.statusCode, body, raw: res.rawPayload };
  };
  return {
    clock,
    get: async (pathname, token) =>
      answer(
        await app.inject({
          method: 'GET',
          url: pathname,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }),
      ),
    post: async (pathname, body) =>
      answer(await app.inject({ method: 'POST', url: pathname, payload: body as object })),
    counts: () => tableCounts(deps.db),
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

function sourceOf(harness: TestHarness): BackupSource {
  if (harness.database.kind === 'pglite' && harness.database.pglite) {
    return { kind: 'pglite', pglite: harness.database.pglite };
  }
  return { kind: 'postgres', databaseUrl: harness.database.url ?? '' };
}

beforeAll(async () => {
  h = await createHarness({ uploadsDir: path.join(tempDir('source'), 'uploads') });
  expect(await seedDemoData(h.deps)).toBe(true);
  const login = await h.rest('POST', '/auth/login', { body: DEMO });
  const token = login.body.data.token as string;
  const enabled = await h.rest('POST', '/two-factor/enable', {
    token,
    body: { password: DEMO.password },
  });
  secret = enabled.body.data.secret as string;
  const confirmed = await h.rest('POST', '/two-factor/confirm', {
    token,
    body: { code: totpCodeForStep(secret, timeStepAt(h.clock.now())) },
  });
  expect(confirmed.status).toBe(200);

  const orgs = await h.rest('GET', '/organizations', { token });
  orgUuid = orgs.body.data[0].uuid as string;
  const logo = multipartBody([
    { name: 'logo', filename: 'logo.png', bytes: TINY_PNG, type: 'image/png' },
  ]);
  const uploaded = await h.rest('POST', `/branding/${orgUuid}/logo`, {
    token,
    body: logo.body,
    headers: logo.headers,
  });
  expect(uploaded.status).toBe(200);
  logoUrl = new URL(uploaded.body.data.logo_url as string, 'http://x').pathname;
  const ticket = multipartBody([
    { name: 'subject', value: 'Restore drill' },
    { name: 'description', value: 'A ticket with an attachment, kept by the backup.' },
    { name: 'category', value: 'technical' },
    { name: 'priority', value: 'low' },
    { name: 'organization_uuid', value: orgUuid },
    { name: 'attachments[]', filename: 'screen.png', bytes: TINY_PNG, type: 'image/png' },
  ]);
  const created = await h.rest('POST', '/support/tickets', {
    token,
    body: ticket.body,
    headers: ticket.headers,
  });
  expect(created.status).toBe(201);
  const data = created.body.data as Json;
  const attachments = (data.attachments ?? data.messages?.[0]?.attachments ?? []) as Json[];
  attachmentId = attachments[0]?.id as string;
  expect(attachmentId).toBeTruthy();

  backupFile = path.join(tempDir('files'), 'scmp-backup.tar.gz');
  const summary = await createBackup({
    source: sourceOf(h),
    db: h.db,
    uploadsDir: h.config.uploadsDir,
    s3InUse: false,
    file: backupFile,
    appKey: h.config.appKey,
  });
  expect(summary.manifest.database).toBe(onPostgres ? 'postgres' : 'pglite');
  expect(summary.manifest.upload_files).toBeGreaterThanOrEqual(2);
}, 120_000);

afterAll(async () => {
  await h?.close();
  if (onPostgres && extraDatabases.length > 0) {
    const handle = await createDb({
      databaseUrl: process.env.TEST_DATABASE_URL,
      dataDir: '',
      poolSize: 1,
    });
    for (const name of extraDatabases) {
      await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(handle.db);
    }
    await handle.close();
  }
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('the backup file is readable by its owner only', () => {
    expect(statSync(backupFile).mode & 0o077).toBe(0);
  });

  it('restores every record and file into a fresh target, and the server answers as before', async () => {
    const { target, config } = await freshTarget();
    await restoreBackup({
      file: backupFile,
      target,
      uploadsDir: config.uploadsDir ?? '',
      force: false,
      appKey: h.config.appKey,
    });
    const server = await startOn(config);
    try {
      const source = await tableCounts(h.db);
      // The restored server's start-up may add its own rows (sessions, jobs); the data is all there.
      const restoredDb = await server.counts();
      for (const [table, count] of Object.entries(source)) {
        if (['sessions', 'jobs', 'rate_limits', 'kysely_migration_lock'].includes(table)) continue;
        expect({ table, count: restoredDb[table] }).toEqual({ table, count });
      }
      expect(source.users).toBeGreaterThan(1);
      expect(source.invoices).toBeGreaterThan(0);
      expect(source.activity_events).toBeGreaterThan(0);

      // The demo user signs in with two-factor on the restore.
      const token = await twoFactorLogin(server);
      for (const pathname of [
        '/api/v1/organizations',
        '/api/v1/instances',
        '/api/v1/support/tickets',
        `/api/v1/subscription/billing-history?organization_uuid=${orgUuid}`,
        `/api/v1/branding/${orgUuid}`,
      ]) {
        const before = await h.app.inject({
          method: 'GET',
          url: pathname,
          headers: { authorization: `Bearer ${await sourceToken()}` },
        });
        const after = await server.get(pathname, token);
        expect({ pathname, status: after.status }).toEqual({ pathname, status: 200 });
        expect(after.body).toEqual(JSON.parse(before.body));
      }
      const logo = await server.get(logoUrl);
      expect(logo.status).toBe(200);
      expect(logo.raw.equals(TINY_PNG)).toBe(true);
      const attachment = await server.get(`/api/v1/support/attachments/${attachmentId}`, token);
      expect(attachment.status).toBe(200);
      expect(attachment.raw.equals(TINY_PNG)).toBe(true);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('refuses a target that holds data without --force and changes nothing; --force replaces it', async () => {
    const { target, config } = await freshTarget();
    const uploadsDir = config.uploadsDir ?? '';
    await restoreBackup({
      file: backupFile,
      target,
      uploadsDir,
      force: false,
      appKey: h.config.appKey,
    });
    // Make the target differ from the backup, then try again.
    const server = await startOn(config);
    const token = await twoFactorLogin(server);
    const countsBefore = await server.counts();
    await server.close();
    const filesBefore = readdirSync(uploadsDir, { recursive: true }).sort();

    const again = restoreBackup({
      file: backupFile,
      target,
      uploadsDir,
      force: false,
      appKey: h.config.appKey,
    });
    await expect(again).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(again).rejects.toThrow(/Nothing was changed/);
    const wrongKey = restoreBackup({
      file: backupFile,
      target: (await freshTarget()).target,
      uploadsDir: tempDir('other-uploads'),
      force: false,
      appKey: 'another-key-0123456789abcdefghijklmnopqrstuvwxyz',
    });
    await expect(wrongKey).rejects.toThrow(/APP_KEY is not the one the backup was taken with/);

    const unchanged = await startOn(config);
    try {
      expect(await unchanged.counts()).toEqual(countsBefore);
      expect(readdirSync(uploadsDir, { recursive: true }).sort()).toEqual(filesBefore);
      expect((await unchanged.get('/api/v1/organizations', token)).status).toBe(200);
    } finally {
      await unchanged.close();
    }

    const forced = await restoreBackup({
      file: backupFile,
      target,
      uploadsDir,
      force: true,
      appKey: h.config.appKey,
    });
    if (target.kind === 'pglite') {
      expect(forced.movedAside.some((dir) => dir.includes(`${path.sep}db.replaced-`))).toBe(true);
      expect(existsSync(path.join(target.dataDir, 'db', 'PG_VERSION'))).toBe(true);
    }
    const restored = await startOn(config);
    try {
      // The sessions made on the target since the first restore are gone with the replaced data.
      expect((await restored.get('/api/v1/organizations', token)).status).toBe(401);
      await twoFactorLogin(restored);
    } finally {
      await restored.close();
    }
    expect(readdirSync(uploadsDir, { recursive: true }).sort()).toEqual(filesBefore);
  }, 180_000);
});

let cachedSourceToken: string | undefined;
async function sourceToken(): Promise<string> {
  if (cachedSourceToken) return cachedSourceToken;
  h.clock.advance(60_000);
  const login = await h.rest('POST', '/auth/login', { body: DEMO });
  const verify = await h.rest('POST', '/auth/two-factor/verify', {
    body: {
      email: DEMO.email,
      challenge_token: login.body.data.challenge_token,
      code: totpCodeForStep(secret, timeStepAt(h.clock.now())),
    },
  });
  cachedSourceToken = verify.body.data.token as string;
  return cachedSourceToken;
}

async function twoFactorLogin(server: Server): Promise<string> {
  server.clock.advance(60_000);
  const login = await server.post('/api/v1/auth/login', DEMO);
  expect(login.body.data?.two_factor_required).toBe(true);
  const verify = await server.post('/api/v1/auth/two-factor/verify', {
    email: DEMO.email,
    challenge_token: login.body.data.challenge_token,
    code: totpCodeForStep(secret, timeStepAt(server.clock.now())),
  });
  expect(verify.status).toBe(200);
  return verify.body.data.token as string;
}
