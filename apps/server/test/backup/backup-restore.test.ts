import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RestoreRefusedError } from '../../src/backup/restore-backup';
import { TINY_PNG } from '../../src/testing/security-fixtures';
import {
  freshTarget,
  onPostgres,
  restoreInto,
  sourceServer,
  startOn,
  tableCounts,
  tempDir,
  twoFactorLogin,
  type Server,
  useBackedUpSource,
} from './restore-fixtures';

/**
 * A database with every kind of record (the demo data: users, organizations, instances,
 * subscriptions with invoices, tickets, activity; plus two-factor, a branding logo and a ticket
 * attachment) is backed up, restored into a fresh target of the same kind (an empty folder on
 * the embedded pass, a new PostgreSQL database on the PostgreSQL pass), and a server started on
 * the restore answers as the original did; the demo user signs in with two-factor.
 */
const source = useBackedUpSource();
const signIn = (server: Server) => twoFactorLogin(server, source.secret);

let cachedSourceToken: string | undefined;
async function sourceToken(): Promise<string> {
  cachedSourceToken ??= await twoFactorLogin(sourceServer(source.h), source.secret);
  return cachedSourceToken;
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('the backup file is readable by its owner only', () => {
    expect(statSync(source.backupFile).mode & 0o077).toBe(0);
  });

  it('restores every record and file into a fresh target, and the server answers as before', async () => {
    const { h, orgUuid } = source;
    const { target, config } = await freshTarget();
    await restoreInto(source, target, config.uploadsDir ?? '');
    const server = await startOn(source, config);
    try {
      const counts = await tableCounts(h.db);
      // The restored server's start-up may add its own rows (sessions, jobs); the data is all there.
      const restoredDb = await server.counts();
      for (const [table, count] of Object.entries(counts)) {
        if (['sessions', 'jobs', 'rate_limits', 'kysely_migration_lock'].includes(table)) continue;
        expect({ table, count: restoredDb[table] }).toEqual({ table, count });
      }
      expect(counts.users).toBeGreaterThan(1);
      expect(counts.invoices).toBeGreaterThan(0);
      expect(counts.activity_events).toBeGreaterThan(0);

      // The demo user signs in with two-factor on the restore.
      const token = await signIn(server);
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
      const logo = await server.get(source.logoUrl);
      expect(logo.status).toBe(200);
      expect(logo.raw.equals(TINY_PNG)).toBe(true);
      const attachment = await server.get(
        `/api/v1/support/attachments/${source.attachmentId}`,
        token,
      );
      expect(attachment.status).toBe(200);
      expect(attachment.raw.equals(TINY_PNG)).toBe(true);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('refuses a target that holds data without --force and changes nothing; --force replaces it', async () => {
    const { target, config } = await freshTarget();
    const uploadsDir = config.uploadsDir ?? '';
    await restoreInto(source, target, uploadsDir);
    // Make the target differ from the backup, then try again.
    const server = await startOn(source, config);
    const token = await signIn(server);
    const countsBefore = await server.counts();
    await server.close();
    const filesBefore = readdirSync(uploadsDir, { recursive: true }).sort();

    const again = restoreInto(source, target, uploadsDir);
    await expect(again).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(again).rejects.toThrow(/Nothing was changed/);
    const wrongKey = restoreInto(source, (await freshTarget()).target, tempDir('other-uploads'), {
      appKey: 'another-key-0123456789abcdefghijklmnopqrstuvwxyz',
    });
    await expect(wrongKey).rejects.toThrow(/APP_KEY is not the one the backup was taken with/);

    const unchanged = await startOn(source, config);
    try {
      expect(await unchanged.counts()).toEqual(countsBefore);
      expect(readdirSync(uploadsDir, { recursive: true }).sort()).toEqual(filesBefore);
      expect((await unchanged.get('/api/v1/organizations', token)).status).toBe(200);
    } finally {
      await unchanged.close();
    }

    const forced = await restoreInto(source, target, uploadsDir, { force: true });
    if (target.kind === 'pglite') {
      expect(forced.movedAside.some((dir) => dir.includes(`${path.sep}db.replaced-`))).toBe(true);
      expect(existsSync(path.join(target.dataDir, 'db', 'PG_VERSION'))).toBe(true);
    }
    const restored = await startOn(source, config);
    try {
      // The sessions made on the target since the first restore are gone with the replaced data.
      expect((await restored.get('/api/v1/organizations', token)).status).toBe(401);
      await signIn(restored);
    } finally {
      await restored.close();
    }
    expect(readdirSync(uploadsDir, { recursive: true }).sort()).toEqual(filesBefore);
  }, 180_000);
});
