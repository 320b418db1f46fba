import path from 'node:path';
import type { DbHandle } from '@scmp/db';
import type { ServerConfig } from '../config';
import { backupFileName } from './backup-format';
import { createBackup } from './create-backup';
import { backupSourceOf } from './nightly-backup';
import { restoreBackup } from './restore-backup';

const S3_NOTE =
  'Uploaded files live in the S3 bucket and are not in this backup: back the bucket up with your storage provider (versioning or replication).';

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** `npm run db:backup [-- <file>]` (default: BACKUP_DIR, or the current folder, dated name). */
export async function backupCommand(
  config: ServerConfig,
  handle: DbHandle,
  args: string[],
): Promise<number> {
  const file =
    args.find((arg) => arg !== '--') ??
    path.join(config.backup.dir ?? process.cwd(), backupFileName(new Date()));
  const summary = await createBackup({
    source: backupSourceOf(config, handle),
    db: handle.db,
    uploadsDir: config.uploadsDir,
    s3InUse: Boolean(config.s3),
    file,
    appKey: config.appKey,
    appKeyFile: config.appKeyFile,
  });
  const { manifest } = summary;
  console.log(
    `Backup written to ${summary.file} (${sizeOf(summary.bytes)}): ` +
      `${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL database'} at ${manifest.schema ?? 'no schema'}` +
      (manifest.uploads === 'local' ? `, ${manifest.upload_files} uploaded files.` : '.'),
  );
  if (manifest.uploads === 's3') console.log(S3_NOTE);
  return 0;
}

/** `npm run db:restore -- <file> [--force]` into DATABASE_URL or DATA_DIR and the uploads folder. */
export async function restoreCommand(
  config: ServerConfig,
  args: string[],
  usage: string,
): Promise<number> {
  const force = args.includes('--force');
  const file = args.find((arg) => arg !== '--force' && arg !== '--');
  if (!file) {
    console.error(usage);
    return 2;
  }
  const target = config.databaseUrl
    ? ({ kind: 'postgres', databaseUrl: config.databaseUrl } as const)
    : ({ kind: 'pglite', dataDir: config.dataDir } as const);
  const summary = await restoreBackup({
    file,
    target,
    uploadsDir: config.uploadsDir,
    force,
    appKey: config.appKey,
    appKeyFile: config.appKeyFile,
  });
  const { manifest } = summary;
  console.log(
    `Restored ${path.resolve(file)} (taken ${manifest.created_at}, schema ${manifest.schema ?? 'none'}) into ` +
      (target.kind === 'pglite'
        ? `the embedded database in ${path.join(config.dataDir, 'db')}`
        : 'the PostgreSQL database') +
      (manifest.uploads === 'local'
        ? ` and ${manifest.upload_files} uploaded files into ${config.uploadsDir}.`
        : '.'),
  );
  for (const aside of summary.movedAside) console.log(`What was there before is kept in ${aside}.`);
  if (manifest.uploads === 's3') console.log(S3_NOTE);
  if (!manifest.app_key.included) {
    console.log('Keep APP_KEY as it is: the restored data was encrypted with it.');
  }
  console.log('Start the server: a backup from an older release is migrated on start-up.');
  return 0;
}
