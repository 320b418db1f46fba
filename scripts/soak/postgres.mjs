// A throwaway PostgreSQL cluster the fault scenarios can stop and start (PG binaries from
// PG_BIN, default /usr/lib/postgresql/15/bin; as root the server runs as the postgres user).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const execFileAsync = promisify(execFile);
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export function postgresAvailable() {
  return existsSync(path.join(PG_BIN, 'pg_ctl'));
}

function postgresUid() {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

export async function createCluster(port) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scmp-faults-pgdata-'));
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresUid() : undefined;
  if (asRoot && !owner) throw new Error('running as root needs a "postgres" user for PostgreSQL');
  if (owner) chownSync(dir, owner.uid, owner.gid);
  // Asynchronous, so the scenario's probes keep running while PostgreSQL stops and starts.
  const run = async (binary, args) => {
    const command = [path.join(PG_BIN, binary), ...args];
    if (owner) {
      const quoted = command.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      return execFileAsync('su', ['postgres', '-c', quoted]);
    }
    return execFileAsync(command[0], command.slice(1));
  };
  const data = path.join(dir, 'data');
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-k ${dir} -h 127.0.0.1 -p ${port} -c fsync=off -c max_connections=100`;
  const cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start']),
    /** Fast shutdown: open sessions are terminated, committed data is kept. */
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    remove: async () => {
      try {
        await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
