'use strict';
/**
 * The server's entry point: `node apps/server/dist/server.cjs`. It sizes libuv's thread pool,
 * then loads the server (main.js, an ES module).
 *
 * Password hashing takes one pool thread per core (ARGON2_MAX_CONCURRENT in
 * packages/api/src/core/passwords.ts); the pool gets those plus libuv's default 4, so file
 * reads, compression and DNS never queue behind a burst of sign-ins. This must happen in a
 * CommonJS file: Node reads an ES module entry through that very pool, so by the time main.js
 * runs the pool already has its default 4 threads. An explicit UV_THREADPOOL_SIZE wins.
 *
 * It also turns off V8's allocation-site pretenuring. V8 decides per allocation site to create
 * objects directly in the old generation once most of them have survived a collection; start-up
 * (routes, schemas, caches: all long-lived) taught it that for sites every request goes through
 * (response headers, request and reply objects). Each request's short-lived objects then landed
 * in the old generation and kept their young neighbours alive: scavenges took 5-7 ms instead of
 * 0.7, the heap swung between 45 and 185 MB with a mark-compact every few seconds, and a trivial
 * request cost about 160 µs of CPU instead of 115 (measured with --trace-gc and the process's CPU
 * time over 40,000 requests). Whether it misfires depends on code layout, so the flag is set for
 * every build rather than worked around for one. Set before main.js is loaded, it applies to all
 * of the server's code.
 *
 * Memory (issue 25; docs/deployment.md, "Memory"). On Linux the entry point first replaces itself
 * (process.execve: the same process and PID) with a node started with settings that only act when
 * given before a process starts:
 * - glibc's allocator on one arena, with blocks of 128 KB and more in mappings of their own that
 *   are returned when freed, and the arena's free top returned above 1 MB (MALLOC_ARENA_MAX=1,
 *   MALLOC_MMAP_THRESHOLD_=131072, MALLOC_TRIM_THRESHOLD_=1048576; fixed values also stop glibc
 *   raising them after large frees). Optimising one large function of the embedded database's
 *   WebAssembly takes V8 ~600 MB of compiler memory for a moment, on helper threads; with the
 *   defaults (an arena per thread, thresholds that grow) ~100 MB of it stayed resident for good.
 *   A trim threshold of 128 KB was tried: socket reads (64 KB buffers) then grew and trimmed the
 *   arena on every request, ~12% fewer requests/s on PostgreSQL.
 * - a young generation of 2 × 16 MB (--max-semi-space-size) instead of up to 2 × 32 MB. A
 *   request allocates ~30 KB (a sampling heap profile of `GET /api/v1/public/site-config`), and
 *   each young collection costs what is still alive in it: the 50 requests in flight, whatever its
 *   size. So its size sets how often that cost is paid: over 40,000 such requests 2 × 4 MB took
 *   75 collections per 10,000 requests, 2 × 16 MB 21, and the process's futex calls (the
 *   collector's helper threads) fell from 0.14 to 0.07 per request (strace -c). 2 × 4 MB had been
 *   chosen for the embedded database when it held ~320 MB after the benchmark's load; it now holds
 *   ~210-270 MB, 2 × 16 MB adds ~15-25 MB to that, and nothing while idle (measured: 101 MB idle
 *   on PostgreSQL with 8 or 16, 190 / 196 MB on the embedded database with 4 / 16).
 * - the old generation allowed to grow to 1.5 × what the last full collection kept
 *   (--heap-growing-percent=50) instead of up to 4 ×. V8 picks its factor from how cheap its
 *   collections are, and here they are cheap (~50 MB live, 10-40 ms), so it picked 4: under
 *   `npm run soak`'s overload (200 connections, p99 ~2 s) requests stay in flight across
 *   scavenges and their garbage is promoted at ~6 MB/s, and the old generation swung between
 *   ~50 and ~205 MB (--trace-gc), ending the soak at 374-402 MB RSS on a slow machine. With 1.5
 *   it ends at 282-304 MB; the 60 s load then takes 13 full collections instead of 3, ~20 ms
 *   each (under 0.5% of the time).
 * Measured (npm run bench): idle ~210 MB instead of ~320-470 MB on the embedded database, ~107
 * MB instead of ~155 MB on PostgreSQL, throughput within the run-to-run noise.
 * What the operator set (environment, node flags, NODE_OPTIONS) wins. Without execve (Node before
 * 22.15) or off Linux, the server starts without these settings.
 */
const os = require('node:os');
const v8 = require('node:v8');

const REEXEC_MARK = 'SCMP_ENTRY_TUNED';
if (process.env[REEXEC_MARK] === '1') {
  delete process.env[REEXEC_MARK]; // processes the server starts get the same treatment
} else if (process.platform === 'linux' && typeof process.execve === 'function') {
  const given = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
  const semiSpaceMb = 16;
  const flags = [
    ...(given.includes('--max-semi-space-size') ? [] : [`--max-semi-space-size=${semiSpaceMb}`]),
    ...(given.includes('--heap-growing-percent') ? [] : ['--heap-growing-percent=50']),
  ];
  const env = { ...process.env, [REEXEC_MARK]: '1' };
  // Empty counts as unset (a copied .env.example leaves them empty).
  env.MALLOC_ARENA_MAX ||= '1';
  env.MALLOC_MMAP_THRESHOLD_ ||= '131072';
  env.MALLOC_TRIM_THRESHOLD_ ||= '1048576';
  process.execve(
    process.execPath,
    [process.execPath, ...flags, ...process.execArgv, __filename, ...process.argv.slice(2)],
    env,
  );
}

v8.setFlagsFromString('--no-allocation-site-pretenuring');

// Empty counts as unset: libuv would read it as 0 and run a single thread.
process.env.UV_THREADPOOL_SIZE ||= String(os.availableParallelism() + 4);

import('./main.js').catch((error) => {
  console.error(error);
  process.exit(1);
});
