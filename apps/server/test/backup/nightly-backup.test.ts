import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jobLeaseSeconds, runDueJobs } from '@scmp/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueJobs } from '../../../../packages/api/src/core/jobs/queue';
import { backupFileName } from '../../src/backup/backup-format';
import {
  NIGHTLY_BACKUP_JOB,
  nextBackupRun,
  nightlyBackupHandler,
  scheduleNightlyBackup,
} from '../../src/backup/nightly-backup';
import { createHarness, type TestHarness } from '../../src/testing/harness';

/**
 * BACKUP_DIR / BACKUP_KEEP: the nightly backup is a durable job, scheduled by every process and
 * taken once per deployment, leased for hours so no second process starts it again; old files
 * are pruned.
 */
let h: TestHarness;
let backupDir: string;

const nightlyJobs = () =>
  h.db
    .selectFrom('jobs')
    .select(['unique_key', 'run_at', 'completed_at', 'locked_until'])
    .where('type', '=', NIGHTLY_BACKUP_JOB)
    .orderBy('run_at')
    .execute();

beforeAll(async () => {
  backupDir = mkdtempSync(path.join(os.tmpdir(), 'scmp-nightly-'));
  h = await createHarness({ backup: { dir: backupDir, keepDays: 14 } });
});

afterAll(async () => {
  delete jobLeaseSeconds[NIGHTLY_BACKUP_JOB];
  await h?.close();
  rmSync(backupDir, { recursive: true, force: true });
});

describe('nightly backups', () => {
  it('run at the next 02:00 UTC', () => {
    expect(nextBackupRun(new Date('2026-11-24T13:00:00Z')).toISOString()).toBe(
      '2026-11-25T02:00:00.000Z',
    );
    expect(nextBackupRun(new Date('2026-11-25T01:59:59Z')).toISOString()).toBe(
      '2026-11-25T02:00:00.000Z',
    );
    expect(nextBackupRun(new Date('2026-11-25T02:00:00Z')).toISOString()).toBe(
      '2026-11-26T02:00:00.000Z',
    );
  });

  it('is scheduled once per night however many processes schedule it, and taken once', async () => {
    h.clock.set(new Date('2026-11-24T20:00:00Z'));
    // Several processes' schedulers at once, and again later the same evening.
    await Promise.all([1, 2, 3, 4].map(() => scheduleNightlyBackup(h.deps)));
    await scheduleNightlyBackup(h.deps);
    expect((await nightlyJobs()).map((job) => job.unique_key)).toEqual([
      'backup:nightly:2026-11-25',
    ]);

    // Backups from three weeks and three days ago: the first is past BACKUP_KEEP=14.
    writeFileSync(path.join(backupDir, backupFileName(new Date('2026-11-03T02:00:00Z'))), 'old');
    writeFileSync(path.join(backupDir, backupFileName(new Date('2026-11-21T02:00:00Z'))), 'new');
    writeFileSync(path.join(backupDir, 'notes.txt'), 'not a backup');

    h.clock.set(new Date('2026-11-25T02:00:05Z'));
    jobLeaseSeconds[NIGHTLY_BACKUP_JOB] = 6 * 3600;
    const [claimed] = await claimDueJobs(h.db, h.clock, 10);
    expect(claimed?.type).toBe(NIGHTLY_BACKUP_JOB);
    const leased = (await nightlyJobs())[0];
    // Leased for hours, not the default minute: a second process does not take it again.
    expect(new Date(leased?.locked_until ?? 0).getTime() - h.clock.now().getTime()).toBe(
      6 * 3600 * 1000,
    );
    expect(await claimDueJobs(h.db, h.clock, 10)).toEqual([]);
    await h.db.updateTable('jobs').set({ locked_until: null, attempts: 0 }).execute();

    const handler = nightlyBackupHandler({ ...h.config, databaseUrl: h.database.url }, h.database);
    expect(await runDueJobs(h.deps, { [NIGHTLY_BACKUP_JOB]: handler })).toBe(1);

    const files = readdirSync(backupDir).sort();
    expect(files).toEqual([
      'notes.txt',
      backupFileName(new Date('2026-11-21T02:00:00Z')),
      backupFileName(new Date('2026-11-25T02:00:05Z')),
    ]);
    const jobs = await nightlyJobs();
    expect(jobs.map((job) => [job.unique_key, job.completed_at !== null])).toEqual([
      ['backup:nightly:2026-11-25', true],
      ['backup:nightly:2026-11-26', false],
    ]);

    // A process whose scheduler still thinks of last night does not enqueue it again.
    h.clock.set(new Date('2026-11-25T01:59:00Z'));
    await scheduleNightlyBackup(h.deps);
    expect(await nightlyJobs()).toHaveLength(2);
  }, 60_000);
});
