import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dumpPgliteTo, newestMigration, type DbHandle } from '@scmp/db';
import {
  APP_KEY_FILE,
  appKeyFingerprint,
  DATABASE_FILE,
  MANIFEST_FILE,
  UPLOADS_FILE,
  countFiles,
  pgConnection,
  type BackupManifest,
} from './backup-format';
import { runTool } from './run-tool';

export type BackupSource =
  | { kind: 'pglite'; pglite: NonNullable<DbHandle['pglite']> }
  | { kind: 'postgres'; databaseUrl: string };

export type BackupInput = {
  source: BackupSource;
  db: DbHandle['db'];
  uploadsDir: string;
  /** Uploads live in an S3 bucket: not in the backup (the bucket is the operator's to back up). */
  s3InUse: boolean;
  file: string;
  appKey: string;
  /** The local key file (no APP_KEY setting): copied into the backup. */
  appKeyFile?: string | undefined;
  now?: Date;
};

export type BackupSummary = { file: string; bytes: number; manifest: BackupManifest };

async function dumpDatabase(source: BackupSource, target: string): Promise<void> {
  if (source.kind === 'pglite') return dumpPgliteTo(source.pglite, target);
  // One transaction-consistent snapshot (pg_dump's own), custom format for pg_restore.
  const { url, env } = pgConnection(source.databaseUrl);
  await runTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, `--dbname=${url}`],
    { databaseUrl: source.databaseUrl, env },
  );
}

/**
 * Writes one backup file: the whole database and the local uploads folder. Written beside the
 * target under a temporary name and renamed at the end, readable by its owner only (it holds
 * password hashes and encrypted secrets).
 */
export async function createBackup(input: BackupInput): Promise<BackupSummary> {
  const file = path.resolve(input.file);
  mkdirSync(path.dirname(file), { recursive: true });
  const stage = mkdtempSync(path.join(os.tmpdir(), 'scmp-backup-'));
  const partial = `${file}.partial`;
  try {
    chmodSync(stage, 0o700);
    await dumpDatabase(input.source, path.join(stage, DATABASE_FILE[input.source.kind]));
    const uploads = input.s3InUse ? 0 : countFiles(input.uploadsDir);
    const members = [MANIFEST_FILE, DATABASE_FILE[input.source.kind]];
    if (!input.s3InUse) {
      mkdirSync(input.uploadsDir, { recursive: true });
      await runTool('tar', ['-cf', path.join(stage, UPLOADS_FILE), '-C', input.uploadsDir, '.']);
      members.push(UPLOADS_FILE);
    }
    const keyIncluded = Boolean(input.appKeyFile && existsSync(input.appKeyFile));
    if (keyIncluded && input.appKeyFile) {
      copyFileSync(input.appKeyFile, path.join(stage, APP_KEY_FILE));
      members.push(APP_KEY_FILE);
    }
    const manifest: BackupManifest = {
      format: 'scmp-backup',
      version: 1,
      created_at: (input.now ?? new Date()).toISOString(),
      database: input.source.kind,
      schema: await newestMigration(input.db),
      uploads: input.s3InUse ? 's3' : 'local',
      upload_files: uploads,
      app_key: { included: keyIncluded, fingerprint: appKeyFingerprint(input.appKey) },
    };
    writeFileSync(path.join(stage, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(partial, '', { mode: 0o600 });
    await runTool('tar', ['-czf', partial, '-C', stage, ...members]);
    renameSync(partial, file);
    return { file, bytes: statSync(file).size, manifest };
  } finally {
    rmSync(partial, { force: true });
    rmSync(stage, { recursive: true, force: true });
  }
}
