import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestClock, type TestClock } from '@scmp/api';
import { createDb } from '@scmp/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { timeStepAt, totpCodeForStep } from '../../../../packages/api/src/domain/two-factor/totp';
import { buildApp } from '../../src/app';
import { createBackup, type BackupSource } from '../../src/backup/create-backup';
import { restoreBackup, type RestoreTarget } from '../../src/backup/restore-backup';
import { openRuntime } from '../../src/bootstrap';
import type { ServerConfig } from '../../src/config';
import { seedDemoData } from '../../src/seed';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import { multipartBody, TINY_PNG } from '../../src/testing/security-fixtures';

/**
 * The source of backup-restore.test.ts: the demo data plus two-factor, a branding logo and a
 * ticket attachment, backed up once; fresh restore targets of this pass's kind (an empty folder on
 * the embedded pass, a new PostgreSQL database on the PostgreSQL pass), and servers started on them.
 */
export const DEMO = { email: 'demo@scmp.test', password: 'DemoPass!2026' };
export const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const temp: string[] = [];
export const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `scmp-backup-test-${label}-`));
  temp.push(dir);
  return dir;
};
const extraDatabases: string[] = [];

type Answer = { status: number; body: Json; raw: Buffer };
export type Server = {
  clock: TestClock | TestHarness['clock'];
  get: (pathname: string, token?: string) => Promise<Answer>;
  post: (pathname: string, body: unknown) => Promise<Answer>;
  counts: () => Promise<Record<string, number>>;
  close: () => Promise<void>;
};

/** What the backed-up source holds; filled before the tests run. */
export type Source = {
  h: TestHarness;
  backupFile: string;
  secret: string;
  orgUuid: string;
  logoUrl: string;
  attachmentId: string;
};

export async function tableCounts(db: TestHarness['db']): Promise<Record<string, number>> {
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
export async function freshTarget(): Promise<{
  target: RestoreTarget;
  config: Partial<ServerConfig>;
}> {
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

/** Restores the source's backup into `target` (with the source's APP_KEY unless told another). */
export const restoreInto = (
  source: Source,
  target: RestoreTarget,
  uploadsDir: string,
  options: { force?: boolean; appKey?: string } = {},
) =>
  restoreBackup({
    file: source.backupFile,
    target,
    uploadsDir,
    force: options.force ?? false,
    appKey: options.appKey ?? source.h.config.appKey,
  });

function answer(res: { statusCode: number; body: string; rawPayload: Buffer }): Answer {
  let body: Json = {};
  try {
    body = JSON.parse(res.body) as Json;
  } catch {
    body = {};
  }
  return { status: res.statusCode, body, raw: res.rawPayload };
}

/** The server started on a restored database, as `npm start` would open it. */
export async function startOn(source: Source, overrides: Partial<ServerConfig>): Promise<Server> {
  const config: ServerConfig = { ...source.h.config, ...overrides };
  const clock = createTestClock(new Date(source.h.clock.now().getTime() + 120_000));
  const { deps, handle } = await openRuntime(config, undefined, clock);
  const app = await buildApp(deps, config, { logger: false });
  await app.ready();
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

/** The demo user's two-factor sign-in on `server`: its session token. */
export async function twoFactorLogin(
  server: Pick<Server, 'clock' | 'post'>,
  secret: string,
): Promise<string> {
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

/** The source server itself, as twoFactorLogin() talks to a server. */
export const sourceServer = (h: TestHarness): Pick<Server, 'clock' | 'post'> => ({
  clock: h.clock,
  post: async (pathname, body) => {
    const res = await h.app.inject({ method: 'POST', url: pathname, payload: body as object });
    return answer(res);
  },
});

function sourceOf(harness: TestHarness): BackupSource {
  if (harness.database.kind === 'pglite' && harness.database.pglite) {
    return { kind: 'pglite', pglite: harness.database.pglite };
  }
  return { kind: 'postgres', databaseUrl: harness.database.url ?? '' };
}

/** An upload through the REST door as multipart. */
async function upload(
  h: TestHarness,
  token: string,
  url: string,
  parts: Parameters<typeof multipartBody>[0],
) {
  const form = multipartBody(parts);
  return h.rest('POST', url, { token, body: form.body, headers: form.headers });
}

/** Builds and backs up the source before the test file's tests; removes what it made after. */
export function useBackedUpSource(): Source {
  const source = {} as Source;
  beforeAll(async () => {
    const h = await createHarness({ uploadsDir: path.join(tempDir('source'), 'uploads') });
    source.h = h;
    expect(await seedDemoData(h.deps)).toBe(true);
    const login = await h.rest('POST', '/auth/login', { body: DEMO });
    const token = login.body.data.token as string;
    const enabled = await h.rest('POST', '/two-factor/enable', {
      token,
      body: { password: DEMO.password },
    });
    source.secret = enabled.body.data.secret as string;
    const confirmed = await h.rest('POST', '/two-factor/confirm', {
      token,
      body: { code: totpCodeForStep(source.secret, timeStepAt(h.clock.now())) },
    });
    expect(confirmed.status).toBe(200);

    const orgs = await h.rest('GET', '/organizations', { token });
    source.orgUuid = orgs.body.data[0].uuid as string;
    const uploaded = await upload(h, token, `/branding/${source.orgUuid}/logo`, [
      { name: 'logo', filename: 'logo.png', bytes: TINY_PNG, type: 'image/png' },
    ]);
    expect(uploaded.status).toBe(200);
    source.logoUrl = new URL(uploaded.body.data.logo_url as string, 'http://x').pathname;
    const created = await upload(h, token, '/support/tickets', [
      { name: 'subject', value: 'Restore drill' },
      { name: 'description', value: 'A ticket with an attachment, kept by the backup.' },
      { name: 'category', value: 'technical' },
      { name: 'priority', value: 'low' },
      { name: 'organization_uuid', value: source.orgUuid },
      { name: 'attachments[]', filename: 'screen.png', bytes: TINY_PNG, type: 'image/png' },
    ]);
    expect(created.status).toBe(201);
    const data = created.body.data as Json;
    const attachments = (data.attachments ?? data.messages?.[0]?.attachments ?? []) as Json[];
    source.attachmentId = attachments[0]?.id as string;
    expect(source.attachmentId).toBeTruthy();

    source.backupFile = path.join(tempDir('files'), 'scmp-backup.tar.gz');
    const summary = await createBackup({
      source: sourceOf(h),
      db: h.db,
      uploadsDir: h.config.uploadsDir,
      s3InUse: false,
      file: source.backupFile,
      appKey: h.config.appKey,
    });
    expect(summary.manifest.database).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(summary.manifest.upload_files).toBeGreaterThanOrEqual(2);
  }, 120_000);

  afterAll(async () => {
    await source.h?.close();
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
  return source;
}
