// A PostgreSQL for the benchmarks: BENCH_DATABASE_URL when set, otherwise a throwaway cluster
// (PostgreSQL 15 binaries, run as the postgres user when we are root) on BENCH_PG_PORT (55504),
// removed again afterwards.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';

function asPostgres(command) {
  if (process.getuid?.() === 0) {
    execFileSync('su', ['postgres', '-c', command], { stdio: ['ignore', 'ignore', 'inherit'] });
  } else {
    execFileSync('sh', ['-c', command], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

/** Starts a throwaway cluster and returns its URL and a stop function. */
export function startThrowawayPostgres({ port = Number(process.env.BENCH_PG_PORT ?? 55504) } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scmp-bench-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  asPostgres(`${BIN}/initdb -D ${data} -U postgres -A trust --no-sync >/dev/null`);
  asPostgres(
    `${BIN}/pg_ctl -D ${data} -l ${dir}/log -w -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ` +
      `-c fsync=off -c shared_buffers=256MB -c max_connections=200" start >/dev/null`,
  );
  asPostgres(`${BIN}/createdb -h 127.0.0.1 -p ${port} -U postgres scmp_bench`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/scmp_bench`,
    stop: () => {
      try {
        asPostgres(`${BIN}/pg_ctl -D ${data} -m fast -w stop >/dev/null`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs `work(databaseUrl)` against BENCH_DATABASE_URL or a throwaway cluster. */
export async function withPostgres(work) {
  if (process.env.BENCH_DATABASE_URL) return work(process.env.BENCH_DATABASE_URL);
  const pg = startThrowawayPostgres();
  try {
    return await work(pg.url);
  } finally {
    pg.stop();
  }
}
