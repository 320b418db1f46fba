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
 */
const os = require('node:os');

// Empty counts as unset: libuv would read it as 0 and run a single thread.
process.env.UV_THREADPOOL_SIZE ||= String(os.availableParallelism() + 4);

import('./main.js').catch((error) => {
  console.error(error);
  process.exit(1);
});
