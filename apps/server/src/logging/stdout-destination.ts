import pino from 'pino';

/** The longest a logged line waits before it is handed to the writer. */
export const FLUSH_AFTER_MS = 50;
/** Queued text (UTF-16 code units) that is handed over without waiting. */
export const FLUSH_AT_BYTES = 64 * 1024;

/**
 * The server's log destination: stdout, written asynchronously and in batches. pino's synchronous
 * default makes one write(2) call per line on the request's own time. Here lines are queued and
 * handed to SonicBoom together, which writes them in the background (libuv's thread pool; while
 * one write is under way the next batch waits for it): at the latest `FLUSH_AFTER_MS` after the
 * first queued line, or at once (the next event loop round) when `FLUSH_AT_BYTES` are queued.
 * Every write costs a hand-off to a pool thread and a wake-up of the event loop when it is done;
 * under load, one write per event loop round still meant thousands a second, so the batch is
 * bounded by time instead (about twenty writes a second however busy the server is). A line
 * reaches the file at most that long after it was logged.
 *
 * `flushLog` writes what is queued before a graceful exit; on any other exit the queue and what
 * SonicBoom holds are written synchronously (the process's "exit" event).
 */
export function stdoutDestination(): AsyncDestination {
  const sonic = pino.destination({ dest: 1, sync: false }) as unknown as SonicBoom;
  let queued: string[] = [];
  let queuedBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  let immediate = false;
  const writeQueued = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    immediate = false;
    if (queued.length === 0) return;
    const text = queued.length === 1 ? queued[0]! : queued.join('');
    queued = [];
    queuedBytes = 0;
    sonic.write(text);
  };
  process.once('exit', () => {
    writeQueued();
    try {
      sonic.flushSync();
    } catch {
      // stdout is gone (EPIPE) or nothing is left: nothing more can be done.
    }
  });
  return {
    write(line: string) {
      queued.push(line);
      queuedBytes += line.length;
      if (queuedBytes >= FLUSH_AT_BYTES) {
        if (!immediate) {
          immediate = true;
          setImmediate(writeQueued);
        }
      } else if (timer === undefined) {
        // unref: a queued line never keeps the process alive (the "exit" event writes it).
        timer = setTimeout(writeQueued, FLUSH_AFTER_MS).unref();
      }
      return true;
    },
    flush(): Promise<void> {
      writeQueued();
      return drained(sonic);
    },
  };
}

type SonicBoom = {
  write(text: string): boolean;
  flushSync(): void;
  once(event: 'drain', listener: () => void): unknown;
  /** Whether a write is under way (SonicBoom's own field; it says "drain" when it ends). */
  _writing?: boolean;
};

export type AsyncDestination = {
  write(line: string): boolean;
  /** Writes what is queued; resolves once SonicBoom has written everything. */
  flush(): Promise<void>;
};

function drained(sonic: SonicBoom): Promise<void> {
  return new Promise((resolve) => {
    // SonicBoom starts a write as soon as none is under way and says "drain" once the queue is
    // empty; with no write under way nothing is queued.
    if (sonic._writing === true) sonic.once('drain', resolve);
    else resolve();
  });
}

/** Waits until everything logged so far is written (at most `timeoutMs`). */
export async function flushLog(destination: AsyncDestination, timeoutMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    destination.flush(),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
}
