import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  enqueueJobOnce,
  jobHandlers,
  jobLeaseSeconds,
  periodicTasks,
  type AppDeps,
  type JobHandler,
} from '@scmp/api';
import type { DbHandle } from '@scmp/db';
import type { ServerConfig } from '../config';
import { BACKUP_FILE_PATTERN, backupFileName } from './backup-format';
import { createBackup, type BackupSource } from './create-backup';

export const NIGHTLY_BACKUP_JOB = 'backup.nightly';
/** Backups start at 02:00 UTC, when schools and camps are quiet. */
export const BACKUP_HOUR_UTC = 2;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The next 02:00 UTC strictly after `now`. */
export function nextBackupRun(now: Date): Date {
  const run = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), BACKUP_HOUR_UTC),
  );
  return run.getTime() > now.getTime() ? run : new Date(run.getTime() + DAY_MS);
}

/**
 * Enqueues the coming night's backup unless that night already has a job, done or pending: every
 * process runs this, the job runs once per deployment (claimed with SKIP LOCKED, leased for hours).
 */
export async function scheduleNightlyBackup(deps: AppDeps): Promise<void> {
  const runAt = nextBackupRun(deps.clock.now());
  const night = runAt.toISOString().slice(0, 10);
  await enqueueJobOnce(deps.db, {
    type: NIGHTLY_BACKUP_JOB,
    payload: { night },
    runAt,
    uniqueKey: `backup:nightly:${night}`,
    maxAttempts: 3,
  });
}

/** Deletes backups older than `keepDays` (by the time in their names), always keeping the newest. */
export function pruneBackups(dir: string, keepDays: number, now: Date): string[] {
  const files = readdirSync(dir)
    .map((name) => ({ name, match: BACKUP_FILE_PATTERN.exec(name) }))
    .filter((f): f is { name: string; match: RegExpExecArray } => f.match !== null)
    .map(({ name, match }) => {
      const [d, t] = [match[1] ?? '', match[2] ?? ''];
      const at = Date.UTC(
        +d.slice(0, 4),
        +d.slice(4, 6) - 1,
        +d.slice(6, 8),
        +t.slice(0, 2),
        +t.slice(2, 4),
        +t.slice(4, 6),
      );
      return { name, at };
    })
    .sort((a, b) => b.at - a.at);
  const cutoff = now.getTime() - keepDays * DAY_MS;
  const removed: string[] = [];
  for (const file of files.slice(1)) {
    if (file.at >= cutoff) continue;
    rmSync(path.join(dir, file.name), { force: true });
    removed.push(file.name);
  }
  return removed;
}

export function backupSourceOf(config: ServerConfig, handle: DbHandle): BackupSource {
  if (handle.kind === 'pglite' && handle.pglite) return { kind: 'pglite', pglite: handle.pglite };
  if (!config.databaseUrl) throw new Error('no database to back up');
  return { kind: 'postgres', databaseUrl: config.databaseUrl };
}

/** The nightly job: one backup file into BACKUP_DIR, then the old ones pruned, then tomorrow's. */
export function nightlyBackupHandler(config: ServerConfig, handle: DbHandle): JobHandler {
  return async (deps) => {
    const dir = config.backup.dir;
    if (!dir) throw new Error('BACKUP_DIR is not set on the process that took the backup job');
    const now = deps.clock.now();
    const summary = await createBackup({
      source: backupSourceOf(config, handle),
      db: handle.db,
      uploadsDir: config.uploadsDir,
      s3InUse: Boolean(config.s3),
      file: path.join(dir, backupFileName(now)),
      appKey: config.appKey,
      appKeyFile: config.appKeyFile,
      now,
    });
    const removed = pruneBackups(dir, config.backup.keepDays, now);
    deps.logger.info(
      { file: summary.file, bytes: summary.bytes, pruned: removed },
      'nightly backup written',
    );
    await scheduleNightlyBackup(deps);
  };
}

/** With BACKUP_DIR set, this process schedules and takes the nightly backups. */
export function enableNightlyBackups(config: ServerConfig, handle: DbHandle): void {
  if (!config.backup.dir) return;
  jobLeaseSeconds[NIGHTLY_BACKUP_JOB] = 6 * 3600;
  jobHandlers[NIGHTLY_BACKUP_JOB] = nightlyBackupHandler(config, handle);
  if (!periodicTasks.some((task) => task.name === 'backup-schedule')) {
    periodicTasks.push({ name: 'backup-schedule', everyMs: HOUR_MS, run: scheduleNightlyBackup });
  }
}
