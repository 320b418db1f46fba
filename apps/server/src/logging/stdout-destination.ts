import pino from 'pino';

/**
 * The server's log destination: stdout, written asynchronously and in batches. pino's synchronous
 * default makes one write(2) call per line on the request's own time. Here the lines logged while
 * the event loop runs one round (every request that finished in it) are joined and handed to
 * SonicBoom once (`setImmediate`), which writes them in the background (libuv's thread pool; while
 * one write is under way the next batch waits for it). One write per round instead of one per
 * line: under load a round finishes tens of requests.
 *
 * `flushLog` writes what is queued before a graceful exit; on any other exit the queue and what
 * SonicBoom holds are written synchronously (the process's "exit" event).
 */
export function stdoutDestination(): AsyncDestination {
  const sonic = pino.destination({ dest: 1, sync: false }) as unknown as SonicBoom;
  let queued: string[] = [];
  let scheduled = false;
  const writeQueued = () => {
    scheduled = false;
    if (queued.length === 0) return;
    const text = queued.length === 1 ? queued[0]! : queued.join('');
    queued = [];
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
      if (!scheduled) {
        scheduled = true;
        setImmediate(writeQueued);
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
