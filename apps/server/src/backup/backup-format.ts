import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BackupError } from './run-tool';

/**
 * One backup is one .tar.gz file holding:
 * - manifest.json: what is inside (this type);
 * - database.pgdump (PostgreSQL, `pg_dump --format=custom`) or database.pglite.tar.gz (the
 *   embedded database's own dump of its data directory);
 * - uploads.tar: the local uploads folder (absent when uploads live in S3: the bucket is the
 *   operator's to back up).
 */
export type BackupManifest = {
  format: 'scmp-backup';
  version: 1;
  created_at: string;
  database: 'pglite' | 'postgres';
  /** The newest migration applied when the backup was taken. */
  schema: string | null;
  uploads: 'local' | 's3';
  upload_files: number;
  /**
   * Two-factor secrets and other encrypted columns need the APP_KEY they were written with. A
   * local deployment's key file travels in the backup; a configured APP_KEY never does, and its
   * fingerprint lets a restore refuse a different key.
   */
  app_key: { included: boolean; fingerprint: string };
};

export const MANIFEST_FILE = 'manifest.json';
export const UPLOADS_FILE = 'uploads.tar';
export const APP_KEY_FILE = 'app-key';

/** A short HMAC that tells two keys apart without revealing either. */
export function appKeyFingerprint(appKey: string): string {
  return createHmac('sha256', appKey).update('scmp-backup-key-check').digest('hex').slice(0, 16);
}
export const DATABASE_FILE = {
  pglite: 'database.pglite.tar.gz',
  postgres: 'database.pgdump',
} as const;

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file))
    throw new BackupError('This file is not an SCMP backup (no manifest.json).');
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError('This backup has an unreadable manifest.json.');
  }
  if (manifest.format !== 'scmp-backup' || manifest.version !== 1) {
    throw new BackupError('This file is not an SCMP backup of a version this release can restore.');
  }
  if (typeof manifest.app_key?.fingerprint !== 'string') {
    throw new BackupError('This backup does not say which APP_KEY it was taken with.');
  }
  if (manifest.database !== 'pglite' && manifest.database !== 'postgres') {
    throw new BackupError('This backup does not say which database it holds.');
  }
  if (!existsSync(path.join(dir, DATABASE_FILE[manifest.database]))) {
    throw new BackupError(
      `This backup is incomplete: ${DATABASE_FILE[manifest.database]} is missing.`,
    );
  }
  return manifest as BackupManifest;
}

/** Regular files below a folder (the uploads count in the manifest and the summary). */
export function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) count += 1;
  }
  return count;
}

/** `scmp-backup-20261125-020000.tar.gz`: sortable, and what the nightly pruning matches. */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `scmp-backup-${stamp}.tar.gz`;
}

export const BACKUP_FILE_PATTERN = /^scmp-backup-(\d{8})-(\d{6})\.tar\.gz$/;

/** Connection for pg_dump / pg_restore: the URL without its password, which goes in PGPASSWORD. */
export function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    url: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}
