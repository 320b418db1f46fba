import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ALL_KEYS, encryptWebhookSecret, hashPassword, notifyChange } from '@scmp/api';
import { addMemberRow, organizationId } from '../../src/testing/organization-rows';
import { insertUserRow } from '../../src/testing/user-rows';
import { startWebhookReceiver } from '../../src/testing/webhook-receiver';
import { createTestDb, type TestDatabase } from '@scmp/db/testing';
import { freePort } from '../../src/testing/free-port';
import { startSmtpRecorder, type SmtpRecorder } from '../../src/testing/smtp-recorder';
import { buildServerBundle, call, startServer, type ServerProcess } from './processes';

/**
 * Issue 12, "two server processes on one PostgreSQL": two real `node main.js` processes from the
 * built bundle share one fresh database and one uploads folder, each with its own pool, worker
 * and LISTEN connection. Runs in the PostgreSQL pass only (see vitest.config.ts).
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PASSWORD = 'correct horse battery staple';
const suffix = randomBytes(4).toString('hex');
const outDir = `.tmp/scale-out-${process.pid}-${suffix}`;

let database: TestDatabase;
let sink: SmtpRecorder;
let a: ServerProcess;
let b: ServerProcess;
const dirs: string[] = [];
const email = `owner-${suffix}@example.com`;
const appKey = `scale-out-key-${randomBytes(24).toString('hex')}`;
let userId = 0;
let uploads = '';

const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `scmp-scale-${label}-`));
  dirs.push(dir);
  return dir;
};

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
  const user = await insertUserRow(database.db, {
    name: 'Scale Owner',
    email,
    password_hash: await hashPassword(PASSWORD),
    email_verified_at: new Date(),
  });
  userId = user.id;
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sink?.close();
  await database?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  rmSync(path.resolve(import.meta.dirname, '../..', outDir), { recursive: true, force: true });
}, 60_000);

async function login(server: ServerProcess): Promise<string> {
  const res = await call(server, 'POST', '/api/v1/auth/login', {
    body: { email, password: PASSWORD },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token as string;
}

async function insertOrg(subdomain: string) {
  return database.db
    .insertInto('organizations')
    .values({
      owner_id: userId,
      name: `Org ${subdomain}`,
      type: 'school',
      description: null,
      subdomain,
      status: 'active',
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}

/** Polls `server` until `done(body, status)`; returns the last answer and how long it took. */
async function pollUntil(
  server: ServerProcess,
  pathname: string,
  done: (res: Awaited<ReturnType<typeof call>>) => boolean,
  timeoutMs = 3000,
  token?: string,
) {
  const started = performance.now();
  const get = () => call(server, 'GET', pathname, token ? { token } : {});
  let res = await get();
  while (!done(res) && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    res = await get();
  }
  return { res, ms: performance.now() - started };
}

describe('two server processes on one PostgreSQL', () => {
  // B forgets a revoked session when A's NOTIFY arrives; under a loaded 2-CPU machine the next
  // request to B can be read a moment before it, so the refusal is polled for (up to a second).
  it('accepts a session created on A at B, and B refuses it as soon as A revokes it', async () => {
    const first = await login(a);
    const me = await call(b, 'GET', '/api/v1/user', { token: first });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(email);

    const second = await login(b);
    expect((await call(a, 'POST', '/api/v1/auth/logout', { token: first })).status).toBe(200);
    const refusedOnB = await pollUntil(b, '/api/v1/user', (res) => res.status === 401, 1000, first);
    expect(refusedOnB.res.status).toBe(401);
    expect((await call(a, 'GET', '/api/v1/user', { token: second })).status).toBe(200);

    // Revoking one session from the session list on B: A refuses it at once.
    const third = await login(a);
    const list = await call(b, 'GET', '/api/v1/profile/sessions', { token: second });
    const other = (list.body.data as Array<{ id: string; current: boolean }>).find(
      (s) => !s.current,
    );
    expect(other).toBeDefined();
    const revoked = await call(b, 'DELETE', `/api/v1/profile/sessions/${other!.id}`, {
      token: second,
    });
    expect(revoked.status).toBe(200);
    const refusedOnA = await pollUntil(a, '/api/v1/user', (res) => res.status === 401, 1000, third);
    expect(refusedOnA.res.status).toBe(401);
  });

  it('counts failed logins across both processes', async () => {
    const body = { email: `nobody-${suffix}@example.com`, password: 'wrong password here' };
    const servers = [a, b, a, b, a];
    for (const server of servers) {
      const res = await call(server, 'POST', '/api/v1/auth/login', { body });
      expect(res.status, server.name).not.toBe(429);
    }
    const sixth = await call(b, 'POST', '/api/v1/auth/login', { body });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('shows a branding edit made on A in B within a second, with a new ETag', async () => {
    const slug = `scale-${suffix}`;
    const org = await insertOrg(slug);
    const token = await login(a);
    const url = `/api/v1/public/tenant/${slug}/branding`;
    const before = await call(b, 'GET', url);
    expect(before.status).toBe(200);
    expect(before.body.data.tenant.name).toBe(`Org ${slug}`);
    const etag = before.headers.get('etag');
    expect(etag).toBeTruthy();
    // B now serves this answer from its cache (10 s TTL) until it hears of a change.

    const saved = await call(a, 'PUT', `/api/v1/branding/${org.uuid}`, {
      token,
      body: { company_name: 'Scaled Out Academy', primary_color: '#123456' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const branded = await pollUntil(
      b,
      url,
      (r) => r.body.data?.branding?.company_name === 'Scaled Out Academy',
    );
    expect(branded.res.body.data.branding.primary_color).toBe('#123456');
    expect(branded.ms).toBeLessThan(1000);
    expect(branded.res.headers.get('etag')).not.toBe(etag);

    // An organization edit on B (the tenant name falls back to it) reaches A's cache too.
    await call(b, 'PUT', `/api/v1/branding/${org.uuid}`, { token, body: { company_name: '' } });
    const unbranded = await pollUntil(a, url, (r) => r.body.data?.tenant?.name === `Org ${slug}`);
    expect(unbranded.ms).toBeLessThan(1000);
    const renamed = await call(b, 'PUT', `/api/v1/organizations/${org.uuid}`, {
      token,
      body: { name: 'Renamed Academy', type: 'school' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const onA = await pollUntil(a, url, (r) => r.body.data?.tenant?.name === 'Renamed Academy');
    expect(onA.ms).toBeLessThan(1000);

    // A status change committed by billing code (suspension) empties both caches on commit.
    await database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('organizations')
        .set({ status: 'inactive' })
        .where('id', '=', org.id)
        .execute();
      await notifyChange(trx, 'branding', ALL_KEYS);
    });
    for (const server of [a, b]) {
      const gone = await pollUntil(server, url, (r) => r.status === 404);
      expect(gone.res.status, server.name).toBe(404);
      expect(gone.ms, server.name).toBeLessThan(1000);
    }
  });

  it("shows an organization created on A in B's cached organization list within a second", async () => {
    const token = await login(b);
    const names = async (server: ServerProcess) => {
      const res = await call(server, 'GET', '/api/v1/organizations', { token });
      expect(res.status).toBe(200);
      return (res.body.data as Array<{ name: string }>).map((o) => o.name);
    };
    const before = await names(b); // B now answers this list from its cache
    const name = `Listed ${suffix}`;
    const created = await call(a, 'POST', '/api/v1/organizations', {
      token,
      body: { name, type: 'camp' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = performance.now();
    let after = await names(b);
    while (!after.includes(name) && performance.now() - started < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await names(b);
    }
    expect(after).toContain(name);
    expect(after).toHaveLength(before.length + 1);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("takes a removed member's access away on B at once, organization list included", async () => {
    const ownerToken = await login(a);
    const created = await call(a, 'POST', '/api/v1/organizations', {
      token: ownerToken,
      body: { name: `Team ${suffix}`, type: 'school' },
    });
    expect(created.status).toBe(201);
    const orgUuid = created.body.data.uuid as string;
    const memberEmail = `member-${suffix}@example.com`;
    const member = await insertUserRow(database.db, {
      name: 'Team Member',
      email: memberEmail,
      password_hash: await hashPassword(PASSWORD),
      email_verified_at: new Date(),
    });
    await addMemberRow(
      database.db,
      await organizationId(database.db, orgUuid),
      member.id,
      'member',
    );
    const memberLogin = await call(b, 'POST', '/api/v1/auth/login', {
      body: { email: memberEmail, password: PASSWORD },
    });
    const memberToken = memberLogin.body.data.token as string;
    const list = () => call(b, 'GET', '/api/v1/organizations', { token: memberToken });
    let listed = await list();
    const started = performance.now();
    while (listed.body.data.length === 0 && performance.now() - started < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      listed = await list();
    }
    expect(listed.body.data.map((o: { uuid: string }) => o.uuid)).toEqual([orgUuid]); // cached on B

    const members = await call(a, 'GET', `/api/v1/organizations/${orgUuid}/members`, {
      token: ownerToken,
    });
    const memberUuid = (members.body.data as Array<{ user: { uuid: string; email: string } }>).find(
      (m) => m.user.email === memberEmail,
    )!.user.uuid;
    const removed = await call(
      a,
      'DELETE',
      `/api/v1/organizations/${orgUuid}/members/${memberUuid}`,
      {
        token: ownerToken,
      },
    );
    expect(removed.status).toBe(200);
    // The next call on B already refuses (access is checked in the database) ...
    const page = await call(b, 'GET', `/api/v1/organizations/${orgUuid}`, { token: memberToken });
    expect(page.status).toBe(404);
    // ... and B's cached list forgets the organization within a second.
    const removedAt = performance.now();
    listed = await list();
    while (listed.body.data.length > 0 && performance.now() - removedAt < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      listed = await list();
    }
    expect(listed.body.data).toEqual([]);
    expect(performance.now() - removedAt).toBeLessThan(1000);
    // The member's session still works for everything else.
    expect((await call(b, 'GET', '/api/v1/user', { token: memberToken })).status).toBe(200);
  });

  it('serves a logo uploaded on A from B (shared uploads folder)', async () => {
    const slug = `logo-${suffix}`;
    const org = await insertOrg(slug);
    const token = await login(a);
    const url = `/api/v1/public/tenant/${slug}/branding`;
    expect((await call(b, 'GET', url)).body.data.branding.logo_url).toBe('');
    const form = new FormData();
    form.append('logo', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const res = await fetch(`${a.url}/api/v1/branding/${org.uuid}/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const logoUrl = ((await res.json()) as { data: { logo_url: string } }).data.logo_url;
    expect(logoUrl).toMatch(/^\/files\/branding\//);

    // A wrote it into the one UPLOADS_DIR both processes use (their DATA_DIRs differ).
    expect(existsSync(path.join(uploads, logoUrl.replace('/files/branding/', '')))).toBe(true);
    const download = await fetch(`${b.url}${logoUrl}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).length).toBeGreaterThan(0);
    const shown = await pollUntil(b, url, (r) => r.body.data?.branding?.logo_url === logoUrl);
    expect(shown.ms).toBeLessThan(1000);
  });

  it('runs every queued job and outbox mail exactly once with both workers running', async () => {
    const count = 30;
    const now = new Date();
    await database.db
      .insertInto('mail_outbox')
      .values(
        Array.from({ length: count }, (_, i) => ({
          to_address: `to-${i}@example.com`,
          subject: `Scale ${suffix} #${i}`,
          html: '<p>Hi</p>',
          text: 'Hi',
          kind: 'test',
          user_id: null,
          created_at: now,
          next_attempt_at: now,
        })),
      )
      .execute();
    await database.db
      .insertInto('jobs')
      .values(
        Array.from({ length: count }, (_, i) => ({
          type: 'instances.provision',
          payload: JSON.stringify({ instanceId: 900_000 + i }),
          run_at: now,
        })),
      )
      .execute();

    const ours = () => sink.subjects().filter((s) => s.startsWith(`Scale ${suffix} #`));
    const pendingJobs = async () =>
      (
        await database.db
          .selectFrom('jobs')
          .select('id')
          .where('type', '=', 'instances.provision')
          .where('completed_at', 'is', null)
          .execute()
      ).length;
    const deadline = Date.now() + 20_000;
    while ((ours().length < count || (await pendingJobs()) > 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A few more worker rounds on both processes: nothing runs a second time.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const subjects = ours();
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    const jobs = await database.db
      .selectFrom('jobs')
      .select(['attempts', 'completed_at', 'last_error'])
      .where('type', '=', 'instances.provision')
      .execute();
    expect(jobs).toHaveLength(count);
    for (const job of jobs) {
      expect(job.attempts).toBe(1);
      expect(job.completed_at).not.toBeNull();
      expect(job.last_error).toBeNull();
    }
    const sent = await database.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('subject', 'like', `Scale ${suffix} #%`)
      .execute();
    expect(sent.every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);
  });
  it('delivers each webhook event once with both workers running', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const org = await insertOrg(`hooks-${suffix}`);
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      const endpoint = await database.db
        .insertInto('webhook_endpoints')
        .values({
          organization_id: org.id,
          url: receiver.url,
          description: null,
          events: JSON.stringify(['organization.updated']),
          secret_encrypted: encryptWebhookSecret(appKey, secret),
          disabled_reason: null,
          failing_since: null,
          retired_at: null,
          created_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const count = 25;
      for (let i = 0; i < count; i += 1) {
        // What a change's transaction does: record the event, its delivery and its first attempt.
        await sql`SELECT scmp_webhook_emit(${org.id}, 'organization.updated', NULL,
          ${JSON.stringify({ n: i })}::jsonb, NULL)`.execute(database.db);
      }
      const deadline = Date.now() + 20_000;
      while (receiver.received.length < count && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // A few more worker rounds on both processes: nothing is sent a second time.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
      const deliveries = await database.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempts'])
        .where('endpoint_id', '=', endpoint.id)
        .execute();
      expect(deliveries).toHaveLength(count);
      expect(deliveries.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('applies "Require two-factor" switched on at A to calls at B within a second', async () => {
    const ownerToken = await login(a);
    const created = await call(a, 'POST', '/api/v1/organizations', {
      token: ownerToken,
      body: { name: `Policy ${suffix}`, type: 'school' },
    });
    expect(created.status).toBe(201);
    const orgUuid = created.body.data.uuid as string;
    const memberEmail = `policy-member-${suffix}@example.com`;
    const member = await database.db
      .insertInto('users')
      .values({
        name: 'Policy Member',
        email: memberEmail,
        password_hash: await hashPassword(PASSWORD),
        email_verified_at: new Date(),
        is_staff: false,
        phone: null,
        bio: null,
        location: null,
        website: null,
        avatar_path: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const org = await database.db
      .selectFrom('organizations')
      .select('id')
      .where('uuid', '=', orgUuid)
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('organization_members')
      .values({ organization_id: org.id, user_id: member.id, role: 'member' })
      .execute();
    const memberLogin = await call(b, 'POST', '/api/v1/auth/login', {
      body: { email: memberEmail, password: PASSWORD },
    });
    const memberToken = memberLogin.body.data.token as string;
    const page = `/api/v1/organizations/${orgUuid}`;
    // B caches which organizations require two-factor (none of this one's yet).
    expect((await call(b, 'GET', page, { token: memberToken })).status).toBe(200);

    const on = await call(a, 'PATCH', `/api/v1/organizations/${orgUuid}/sso-policy`, {
      token: ownerToken,
      body: { require_two_factor: true },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const blocked = await pollUntil(b, page, (res) => res.status === 403, 3000, memberToken);
    expect(blocked.res.body.code).toBe('TWO_FACTOR_REQUIRED');
    expect(blocked.ms).toBeLessThan(1000);

    // Switched off by hand in the database: both processes hear the trigger's NOTIFY.
    await sql`UPDATE sso_policies SET require_two_factor = false WHERE organization_id = ${org.id}`.execute(
      database.db,
    );
    const open = await pollUntil(b, page, (res) => res.status === 200, 3000, memberToken);
    expect(open.res.status).toBe(200);
    expect(open.ms).toBeLessThan(1000);
  });

  it('a deleted account is refused on B at once (issue 38)', async () => {
    const leaverEmail = `leaver-${suffix}@example.com`;
    await database.db
      .insertInto('users')
      .values({
        name: 'Scale Leaver',
        email: leaverEmail,
        password_hash: await hashPassword(PASSWORD),
        email_verified_at: new Date(),
        is_staff: false,
        phone: null,
        bio: null,
        location: null,
        website: null,
        avatar_path: null,
      })
      .execute();
    const signIn = async (server: ServerProcess) => {
      const res = await call(server, 'POST', '/api/v1/auth/login', {
        body: { email: leaverEmail, password: PASSWORD },
      });
      expect(res.status).toBe(200);
      return res.body.data.token as string;
    };
    const onA = await signIn(a);
    const onB = await signIn(b);
    expect((await call(b, 'GET', '/api/v1/user', { token: onB })).status).toBe(200);
    const deleted = await call(a, 'DELETE', '/api/v1/user', {
      token: onA,
      body: { password: PASSWORD, confirm: 'DELETE' },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const refused = await pollUntil(b, '/api/v1/user', (res) => res.status === 401, 1000, onB);
    expect(refused.res.status).toBe(401);
    const again = await call(b, 'POST', '/api/v1/auth/login', {
      body: { email: leaverEmail, password: PASSWORD },
    });
    expect(again.status).toBe(401);
  });
});
