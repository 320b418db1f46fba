// npm run bench:seed — growth: seeds PostgreSQL with the growth volumes (generate_series, see
// bench/growth-volumes.mjs and bench/growth-bulk.mjs), then times every list and lookup the
// dashboard makes for a typical customer (bench/typical-customer.mjs) on an empty database and
// on the seeded one (interleaved rounds; the tenth percentile counts) with the database's own
// execution time from EXPLAIN ANALYZE beside it, prints the plans and checks that each uses an
// index and costs within 1.5× of the empty figure.
//
// Env: BENCH_DATABASE_URL (a database whose name contains "bench": it is wiped; "<name>_empty"
// is created beside it), else a throwaway cluster (BENCH_PG_PORT, default 55504);
// BENCH_SCALE (default 1; 0.1 for a quick run); BENCH_REUSE=1 keeps an already seeded database
// of the same scale; BENCH_GROWTH_OUT (default bench/growth.json); BENCH_EXPLAIN=0 hides plans.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, createDb } from '@scmp/db';
import { seedBulk } from './bench/growth-bulk.mjs';
import { scaled } from './bench/growth-volumes.mjs';
import { seedTypicalUser } from './bench/typical-customer.mjs';
import {
  dashboardCalls,
  explain,
  openCapturingDb,
  percentile,
  statementsOf,
  timeCall,
} from './bench/growth-queries.mjs';
import { startThrowawayPostgres } from './bench/postgres.mjs';

const MAX_RATIO = 1.5;
const LARGE_TABLE_ROWS = 10_000;
const scale = Number(process.env.BENCH_SCALE ?? 1);
const log = (line) => console.log(line);

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function recreateDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

async function prepare(url, { bulk }) {
  const handle = await createDb({ databaseUrl: url, dataDir: '.tmp/growth-unused', poolSize: 2 });
  await migrateToLatest(handle.db);
  await handle.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let timings = {};
    if (bulk) {
      log(`seeding ${url.replace(/\/\/[^@]*@/, '//')} at scale ${scale}:`);
      timings = await seedBulk(client, scaled(scale), log);
    }
    const typical = await seedTypicalUser(client);
    await client.query('VACUUM ANALYZE');
    await client.query(`CREATE TABLE IF NOT EXISTS bench_seed (scale real, typical jsonb)`);
    await client.query(`DELETE FROM bench_seed`);
    await client.query(`INSERT INTO bench_seed VALUES ($1, $2)`, [bulk ? scale : 0, typical]);
    return { typical, timings };
  } finally {
    await client.end();
  }
}

async function reusable(url) {
  if (process.env.BENCH_REUSE !== '1') return undefined;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT scale, typical FROM bench_seed`);
    return rows[0] && Math.abs(rows[0].scale - scale) < 1e-6 ? rows[0].typical : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

let throwaway;
let seededUrl = process.env.BENCH_DATABASE_URL;
if (!seededUrl) {
  throwaway = startThrowawayPostgres();
  seededUrl = withDatabase(throwaway.url, 'scmp_growth_bench');
}
const seededName = new URL(seededUrl).pathname.slice(1);
if (!seededName.includes('bench')) {
  console.error(`Refusing to wipe "${seededName}": the database name must contain "bench".`);
  process.exit(1);
}
const emptyUrl = withDatabase(seededUrl, `${seededName}_empty`);
const adminUrl = withDatabase(seededUrl, 'postgres');

try {
  const started = performance.now();
  let seeded = { typical: await reusable(seededUrl), timings: { reused: true } };
  if (!seeded.typical) {
    await recreateDatabase(adminUrl, seededName);
    seeded = await prepare(seededUrl, { bulk: true });
  }
  await recreateDatabase(adminUrl, `${seededName}_empty`);
  const empty = await prepare(emptyUrl, { bulk: false });
  log(`databases ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const seededDb = openCapturingDb(seededUrl);
  const emptyDb = openCapturingDb(emptyUrl);
  const seededCalls = dashboardCalls(seededDb.db, seeded.typical);
  const emptyCalls = dashboardCalls(emptyDb.db, empty.typical);
  const client = new pg.Client({ connectionString: seededUrl });
  await client.connect();
  const emptyClient = new pg.Client({ connectionString: emptyUrl });
  await emptyClient.connect();
  const sizes = new Map(
    (
      await client.query(
        `SELECT relname, reltuples::bigint AS n FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace`,
      )
    ).rows.map((r) => [r.relname, Number(r.n)]),
  );
  const rows = [];
  const evidence = [];
  try {
    for (const name of Object.keys(seededCalls)) {
      // Interleaved rounds so a busy machine weighs on both sides alike.
      const e = [];
      const s = [];
      for (let round = 0; round < 5; round++) {
        e.push(...(await timeCall(emptyCalls[name], { runs: 20 })));
        s.push(...(await timeCall(seededCalls[name], { runs: 20 })));
      }
      // The tenth percentile of all samples: what the call costs when the machine lets it run
      // (a busy machine adds delays that have nothing to do with the database).
      const emptyMs = percentile(e, 0.1);
      const seededMs = percentile(s, 0.1);
      const plans = await explain(client, await statementsOf(seededDb.capture, seededCalls[name]));
      const emptyPlans = await explain(
        emptyClient,
        await statementsOf(emptyDb.capture, emptyCalls[name]),
      );
      const dbMs = (ps) => ps.reduce((sum, p) => sum + p.executionMs, 0);
      const bigSeqScans = plans.flatMap((p) =>
        p.seqScans.filter((t) => (sizes.get(t) ?? 0) > LARGE_TABLE_ROWS),
      );
      const ratio = seededMs / emptyMs;
      rows.push({
        query: name,
        empty_ms: Number(emptyMs.toFixed(2)),
        seeded_ms: Number(seededMs.toFixed(2)),
        ratio: Number(ratio.toFixed(2)),
        db_empty_ms: Number(dbMs(emptyPlans).toFixed(3)),
        db_seeded_ms: Number(dbMs(plans).toFixed(3)),
        statements: plans.length,
        index_only: bigSeqScans.length === 0 ? 'yes' : `NO: seq scan on ${bigSeqScans.join(', ')}`,
        pass: ratio <= MAX_RATIO && bigSeqScans.length === 0 ? 'pass' : 'FAIL',
      });
      evidence.push({ query: name, plans });
      if (process.env.BENCH_EXPLAIN !== '0') {
        log(`\n=== ${name}`);
        for (const p of plans) log(`${p.sql}\n${p.plan}\n`);
      }
    }
  } finally {
    await client.end();
    await emptyClient.end();
    await seededDb.close();
    await emptyDb.close();
  }
  log(`\nscale ${scale}: ${JSON.stringify(scaled(scale))}`);
  console.table(rows);
  const out = process.env.BENCH_GROWTH_OUT ?? 'bench/growth.json';
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        scale,
        volumes: scaled(scale),
        seed_seconds: seeded.timings,
        results: rows,
        evidence,
      },
      null,
      2,
    ) + '\n',
  );
  log(`written to ${out}`);
  if (rows.some((r) => r.pass !== 'pass')) process.exitCode = 1;
} finally {
  throwaway?.stop();
}
