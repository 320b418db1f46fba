/**
 * Gives memory back once a busy spell is over (issue 25; docs/deployment.md, "Memory").
 *
 * Under load V8 lets its heap grow to a few times what is live and keeps freed pages in a pool,
 * so the process stays ~60-70 MB larger after a burst of requests than it needs to be. V8 has a
 * memory reducer that would collect once the process goes quiet, but it judges "quiet" by the
 * allocation rate, and the background worker's one-second polls keep that rate above its
 * threshold: traced (--trace-memory-reducer), it answered "high alloc" at every check for minutes
 * after a load had ended and never ran.
 *
 * This module judges quiet by requests instead: when no request has arrived and none has been in
 * flight for `quietMs`, and the resident memory grew by `growthBytes` since the last collection,
 * it asks V8 for a memory-reducing collection (the low-memory notification, through an in-process
 * inspector session: no port, no flag). Measured after the benchmark's load on the embedded
 * database: 264 MB -> 197 MB, the heap's pooled pages 44 MB -> 0, in a pause of ~160 ms, which
 * only a request that arrives during it can notice. At most one per `minIntervalMs`; when a
 * collection frees nothing, the next waits for new growth.
 */
export type IdleMemoryOptions = {
  /** How long without a request (and none in flight) counts as quiet; 0 turns this off. */
  quietMs: number;
  /** Requests received so far (a counter the server keeps). */
  requestCount: () => number;
  /** Requests being answered right now. */
  inFlight: () => number;
  /** Resident memory growth since the last collection that makes a quiet spell worth one. */
  growthBytes?: number;
  /** The least time between two collections. */
  minIntervalMs?: number;
  /** Called after each collection (the server logs it). */
  onCollected?: (result: { rssBefore: number; rssAfter: number; ms: number }) => void;
  /** Called once when a check fails (e.g. a Node built without the inspector); checks stop. */
  onStopped?: (error: unknown) => void;
  /** For tests: the collection, the resident memory and the clock. */
  collect?: () => Promise<void>;
  rss?: () => number;
  now?: () => number;
};

export type IdleMemoryReducer = {
  /** One check (the timer calls it every second); resolves when a collection it ran is done. */
  check: () => Promise<void>;
  stop: () => void;
};

const MB = 1024 * 1024;
const CHECK_EVERY_MS = 1000;

/** V8's low-memory collection: full, compacting, and the pooled pages returned to the system. */
export async function lowMemoryCollection(): Promise<void> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.collectGarbage');
  } finally {
    session.disconnect();
  }
}

export function idleMemoryReducer(options: IdleMemoryOptions): IdleMemoryReducer {
  const {
    quietMs,
    requestCount,
    inFlight,
    growthBytes = 32 * MB,
    minIntervalMs = 60_000,
    onCollected,
    onStopped,
    collect = lowMemoryCollection,
    rss = () => process.memoryUsage.rss(),
    now = Date.now,
  } = options;
  let seen = requestCount();
  let lastActivity = now();
  // Nothing collected yet: the first quiet spell after start-up collects its garbage too.
  let baseline = 0;
  let lastCollection = -Infinity;
  let collecting = false;
  let timer: NodeJS.Timeout | undefined;

  const check = async () => {
    const count = requestCount();
    if (count !== seen || inFlight() > 0) {
      seen = count;
      lastActivity = now();
      return;
    }
    if (collecting || now() - lastActivity < quietMs) return;
    if (now() - lastCollection < minIntervalMs) return;
    const rssBefore = rss();
    if (rssBefore - baseline < growthBytes) return;
    collecting = true;
    const started = now();
    try {
      await collect();
    } finally {
      collecting = false;
      lastCollection = now();
    }
    baseline = rss();
    onCollected?.({ rssBefore, rssAfter: baseline, ms: lastCollection - started });
  };

  if (quietMs > 0) {
    // Checked once a second (a counter read): a quiet time under a second counts as one second.
    timer = setInterval(() => {
      check().catch((error: unknown) => {
        // E.g. no inspector in this Node build: nothing to collect with; stop checking.
        if (timer) clearInterval(timer);
        onStopped?.(error);
      });
    }, CHECK_EVERY_MS);
    timer.unref();
  }
  return {
    check,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
