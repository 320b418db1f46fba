import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  acquireDataDirLock,
  createDb,
  loadPgliteDump,
  publicTableCount,
  resetPublicSchema,
} from '@scmp/db';
import {
  APP_KEY_FILE,
  appKeyFingerprint,
  DATABASE_FILE,
  UPLOADS_FILE,
  countFiles,
  pgConnection,
  readManifest,
  type BackupManifest,
} from './backup-format';
import { BackupError, runTool } from './run-tool';

export type RestoreTarget =
  /** The embedded database goes to `<dataDir>/db`, as the server opens it. */
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; databaseUrl: string };

export type RestoreInput = {
  file: string;
  target: RestoreTarget;
  uploadsDir: string;
  /** Replace a non-empty target (embedded folders are moved aside, PostgreSQL tables dropped). */
  force: boolean;
  /** The key this deployment uses, and its file when it is local (no APP_KEY setting). */
  appKey: string;
  appKeyFile?: string | undefined;
  now?: Date;
};

export type RestoreSummary = { manifest: BackupManifest; movedAside: string[] };

/** The target already holds data and --force was not given: nothing was changed. */
export class RestoreRefusedError extends BackupError {
  override name = 'RestoreRefusedError';
}

const KIND_NAME = { pglite: 'the embedded database', postgres: 'PostgreSQL' } as const;

function nonEmptyDir(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

async function withPostgres<T>(
  databaseUrl: string,
  work: (db: Awaited<ReturnType<typeof createDb>>['db']) => Promise<T>,
): Promise<T> {
  const handle = await createDb({ databaseUrl, dataDir: '', poolSize: 1 });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * The restored data must be read with the key it was written with. A carried local key file is
 * installed when this deployment also keeps its key in a file; otherwise the keys must match.
 */
function checkAppKey(input: RestoreInput, manifest: BackupManifest): boolean {
  const installCarriedKey = manifest.app_key.included && Boolean(input.appKeyFile);
  if (installCarriedKey) return true;
  if (appKeyFingerprint(input.appKey) !== manifest.app_key.fingerprint) {
    throw new RestoreRefusedError(
      "Refusing to restore: this deployment's APP_KEY is not the one the backup was taken with, " +
        'so two-factor secrets and other encrypted data would be unreadable. Nothing was changed. ' +
        (manifest.app_key.included
          ? 'The backup carries its own key: unset APP_KEY to use it, or set APP_KEY to that key.'
          : 'Set APP_KEY to the key the backed-up deployment used.'),
    );
  }
  return false;
}

/** What already holds data in the target (empty list: a restore may go ahead). */
async function occupied(input: RestoreInput, manifest: BackupManifest): Promise<string[]> {
  const found: string[] = [];
  if (input.target.kind === 'pglite') {
    const dbDir = path.join(input.target.dataDir, 'db');
    if (nonEmptyDir(dbDir)) found.push(`the embedded database folder ${dbDir}`);
  } else {
    const tables = await withPostgres(input.target.databaseUrl, publicTableCount);
    if (tables > 0) found.push(`the PostgreSQL database (${tables} tables)`);
  }
  if (manifest.uploads === 'local' && countFiles(input.uploadsDir) > 0) {
    found.push(`the uploads folder ${input.uploadsDir}`);
  }
  return found;
}

/** --force: move the embedded folders aside (kept, named) or empty the PostgreSQL schema. */
async function clearTarget(input: RestoreInput, manifest: BackupManifest): Promise<string[]> {
  const stamp = (input.now ?? new Date()).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  const moved: string[] = [];
  if (input.target.kind === 'pglite') {
    const dbDir = path.join(input.target.dataDir, 'db');
    if (existsSync(dbDir)) {
      // Refuses while a server has the folder open (DataDirLockedError names its pid).
      const lock = acquireDataDirLock(dbDir);
      const aside = `${dbDir}.replaced-${stamp}`;
      renameSync(dbDir, aside);
      lock.release();
      rmSync(path.join(aside, 'scmp.lock'), { force: true });
      moved.push(aside);
    }
  } else {
    await withPostgres(input.target.databaseUrl, resetPublicSchema);
  }
  if (manifest.uploads === 'local' && nonEmptyDir(input.uploadsDir)) {
    const aside = `${input.uploadsDir}.replaced-${stamp}`;
    renameSync(input.uploadsDir, aside);
    moved.push(aside);
  }
  return moved;
}

async function restoreDatabase(stage: string, target: RestoreTarget): Promise<void> {
  if (target.kind === 'pglite') {
    const dbDir = path.join(target.dataDir, 'db');
    mkdirSync(dbDir, { recursive: true });
    try {
      await loadPgliteDump(dbDir, readFileSync(path.join(stage, DATABASE_FILE.pglite)));
    } catch (error) {
      rmSync(dbDir, { recursive: true, force: true });
      throw error;
    }
    // The dump carries the lock file of the process it was taken from.
    rmSync(path.join(dbDir, 'scmp.lock'), { force: true });
    return;
  }
  const { url, env } = pgConnection(target.databaseUrl);
  await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${url}`,
      path.join(stage, DATABASE_FILE.postgres),
    ],
    { databaseUrl: target.databaseUrl, env },
  );
}

/**
 * Restores a backup file into an empty database (embedded folder or PostgreSQL) and uploads
 * folder. A target that holds data is refused, with nothing changed, unless `force` is set.
 */
export async function restoreBackup(input: RestoreInput): Promise<RestoreSummary> {
  const file = path.resolve(input.file);
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const stage = mkdtempSync(path.join(os.tmpdir(), 'scmp-restore-'));
  try {
    await runTool('tar', ['-xzf', file, '-C', stage, '--no-same-owner']);
    const manifest = readManifest(stage);
    if (manifest.database !== input.target.kind) {
      throw new BackupError(
        `This backup is of ${KIND_NAME[manifest.database]}; it restores into ${KIND_NAME[manifest.database]} only ` +
          (manifest.database === 'pglite'
            ? '(leave DATABASE_URL unset and set DATA_DIR to an empty folder).'
            : '(set DATABASE_URL to an empty PostgreSQL database).'),
      );
    }
    const installKey = checkAppKey(input, manifest);
    const found = await occupied(input, manifest);
    if (found.length > 0 && !input.force) {
      throw new RestoreRefusedError(
        `Refusing to restore: ${found.join(' and ')} already hold${found.length === 1 ? 's' : ''} data. ` +
          'Nothing was changed. Restore into an empty database and uploads folder, or add --force to ' +
          'replace them (embedded folders are moved aside with a .replaced-<time> suffix; a PostgreSQL ' +
          "database's tables are dropped).",
      );
    }
    const movedAside = found.length > 0 ? await clearTarget(input, manifest) : [];
    await restoreDatabase(stage, input.target);
    if (manifest.uploads === 'local' && existsSync(path.join(stage, UPLOADS_FILE))) {
      mkdirSync(input.uploadsDir, { recursive: true });
      await runTool('tar', [
        '-xf',
        path.join(stage, UPLOADS_FILE),
        '-C',
        input.uploadsDir,
        '--no-same-owner',
      ]);
    }
    if (installKey && input.appKeyFile) {
      mkdirSync(path.dirname(input.appKeyFile), { recursive: true });
      copyFileSync(path.join(stage, APP_KEY_FILE), input.appKeyFile);
      chmodSync(input.appKeyFile, 0o600);
    }
    return { manifest, movedAside };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
