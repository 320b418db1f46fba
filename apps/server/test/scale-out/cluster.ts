import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { hashPassword } from '@scmp/api';
import { createTestDb, type TestDatabase } from '@scmp/db/testing';
import { freePort } from '../../src/testing/free-port';
import {
  addMemberRow,
  insertOrganizationRow,
  organizationId,
} from '../../src/testing/organization-rows';
import { startSmtpRecorder, type SmtpRecorder } from '../../src/testing/smtp-recorder';
import { insertUserRow } from '../../src/testing/user-rows';
import { buildServerBundle, call, startServer, type ServerProcess } from './processes';

/**
 * Issue 12, "two server processes on one PostgreSQL": two real `node main.js` processes from the
 * built bundle share one fresh database and one uploads folder, each with its own pool, worker
 * and LISTEN connection. `useTwoServers()` starts them for the calling test file; the exported
 * bindings below are live (set before its tests run). PostgreSQL pass only (vitest.config.ts).
 */
export const PASSWORD = 'correct horse battery staple';
export const suffix = randomBytes(4).toString('hex');
export const email = `owner-${suffix}@example.com`;
export const appKey = `scale-out-key-${randomBytes(24).toString('hex')}`;
const outDir = `.tmp/scale-out-${process.pid}-${suffix}`;
const dirs: string[] = [];

export let database: TestDatabase;
export let sink: SmtpRecorder;
export let a: ServerProcess;
export let b: ServerProcess;
export let uploads = '';
let userId = 0;

const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `scmp-scale-${label}-`));
  dirs.push(dir);
  return dir;
};

/** Inserts a verified user with PASSWORD straight into the database. */
export async function insertVerifiedUser(name: string, address: string) {
  return insertUserRow(database.db, {
    name,
    email: address,
    password_hash: await hashPassword(PASSWORD),
    email_verified_at: new Date(),
  });
}

/** Starts processes A and B (and the mail sink) before the calling file's tests, stops them after. */
export function useTwoServers(): void {
  beforeAll(async () => {
    database = await createTestDb();
    if (!database.url) throw new Error('The scale-out tests need TEST_DB_DRIVER=postgres');
    sink = await startSmtpRecorder();
    const bundle = buildServerBundle(outDir);
    uploads = tempDir('uploads');
    const common = {
      APP_ENV: 'local',
      APP_KEY: appKey,
      DATABASE_URL: database.url,
      DB_POOL_SIZE: '4',
      UPLOADS_DIR: uploads,
      SEED_DEMO_DATA: 'false',
      WORKER_ENABLED: 'true',
      WORKER_INTERVAL_MS: '100',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(tempDir('web'), 'not-built'),
    };
    const portA = await freePort();
    let portB = await freePort();
    while (portB === portA) portB = await freePort();
    const start = (name: string, port: number) =>
      startServer(name, bundle, {
        ...common,
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: tempDir(`data-${name}`),
      });
    [a, b] = await Promise.all([start('A', portA), start('B', portB)]);
    userId = (await insertVerifiedUser('Scale Owner', email)).id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sink?.close();
    await database?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    rmSync(path.resolve(import.meta.dirname, '../..', outDir), { recursive: true, force: true });
  }, 60_000);
}

/** Signs in on `server` (the owner by default): the session token. */
export async function login(server: ServerProcess, address = email): Promise<string> {
  const res = await call(server, 'POST', '/api/v1/auth/login', {
    body: { email: address, password: PASSWORD },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token as string;
}

/** An organization of the owner, inserted straight into the database. */
export async function insertOrg(subdomain: string) {
  return insertOrganizationRow(database.db, {
    owner_id: userId,
    name: `Org ${subdomain}`,
    subdomain,
  });
}

/** Asks `get` again every 20 ms until `done` (or `timeoutMs`); the last answer and how long it took. */
export async function waitFor<T>(
  get: () => Promise<T>,
  done: (res: T) => boolean,
  timeoutMs = 3000,
) {
  const started = performance.now();
  let res = await get();
  while (!done(res) && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    res = await get();
  }
  return { res, ms: performance.now() - started };
}

/** Polls GET `pathname` on `server` until `done`; returns the last answer and how long it took. */
export const pollUntil = (
  server: ServerProcess,
  pathname: string,
  done: (res: Awaited<ReturnType<typeof call>>) => boolean,
  timeoutMs = 3000,
  token?: string,
) => waitFor(() => call(server, 'GET', pathname, token ? { token } : {}), done, timeoutMs);

/**
 * An organization "`name` <suffix>" the owner creates on A, with a member "`name` Member" who
 * signs in on B.
 */
export async function teamWithMember(name: string) {
  const ownerToken = await login(a);
  const created = await call(a, 'POST', '/api/v1/organizations', {
    token: ownerToken,
    body: { name: `${name} ${suffix}`, type: 'school' },
  });
  expect(created.status).toBe(201);
  const orgUuid = created.body.data.uuid as string;
  const memberEmail = `${name.toLowerCase()}-member-${suffix}@example.com`;
  const member = await insertVerifiedUser(`${name} Member`, memberEmail);
  const orgId = await organizationId(database.db, orgUuid);
  await addMemberRow(database.db, orgId, member.id, 'member');
  const memberToken = await login(b, memberEmail);
  return { ownerToken, orgUuid, orgId, memberEmail, memberToken };
}
