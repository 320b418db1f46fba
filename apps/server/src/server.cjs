'use strict';
/**
 * The server's entry point: `node apps/server/dist/server.cjs`. It sizes libuv's thread pool,
 * then loads the server (main.js, an ES module).
 *
 * Password hashing takes one pool thread per core (ARGON2_MAX_CONCURRENT in
 * packages/api/src/services/passwords.ts); the pool gets those plus libuv's default 4, so file
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
 */
const os = require('node:os');
const v8 = require('node:v8');

v8.setFlagsFromString('--no-allocation-site-pretenuring');

// Empty counts as unset: libuv would read it as 0 and run a single thread.
process.env.UV_THREADPOOL_SIZE ||= String(os.availableParallelism() + 4);

import('./main.js').catch((error) => {
  console.error(error);
  process.exit(1);
});
