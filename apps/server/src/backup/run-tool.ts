import { spawn } from 'node:child_process';

export class BackupError extends Error {
  override name = 'BackupError';
}

const INSTALL_HINT: Record<string, string> = {
  tar: 'install GNU tar (Debian: apt-get install tar)',
  pg_dump:
    "install the PostgreSQL client tools, the server's major version or newer (Debian: apt-get install postgresql-client-15)",
  pg_restore:
    "install the PostgreSQL client tools, the server's major version or newer (Debian: apt-get install postgresql-client-15)",
};

/** A database URL with its password masked, for messages. */
export function maskUrl(text: string, databaseUrl?: string): string {
  if (!databaseUrl) return text;
  try {
    const url = new URL(databaseUrl);
    if (!url.password) return text;
    return text.split(url.password).join('***');
  } catch {
    return text;
  }
}

/**
 * Runs an external tool (tar, pg_dump, pg_restore) without blocking the event loop; fails with its
 * error output (passwords masked) or with how to install it when it is missing.
 */
export function runTool(
  command: string,
  args: string[],
  options: { databaseUrl?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: options.env ?? process.env,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8000) stderr += chunk.toString('utf8');
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} was not found on PATH: ${INSTALL_HINT[command] ?? 'install it'}.`
            : `${command} could not start: ${error.message}`,
        ),
      );
    });
    child.once('close', (code) => {
      if (code === 0) return resolve();
      reject(
        new BackupError(
          `${command} failed (exit ${code}): ${maskUrl(stderr.trim(), options.databaseUrl)}`,
        ),
      );
    });
  });
}
