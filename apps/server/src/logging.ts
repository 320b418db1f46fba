import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * The server's pino settings. Each request writes one access line (see AccessLog below): method,
 * path, status, duration, request id and who called (ids only). Headers are not logged at all (the
 * bearer token lives there), and query-string values are replaced because e-mail links carry
 * secrets there (reset token, verification signature). Bodies are never logged (TOTP and recovery
 * codes travel there); `err.code` (ECONNREFUSED, 23505 …) stays readable.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.authorization',
  '*.password',
  '*.password_confirmation',
  '*.current_password',
  '*.token',
  '*.secret',
  '*.recovery_codes',
  '*.signature',
  'body',
  '*.body',
  'input',
  '*.input',
];

const CENSOR = '[redacted]';

/** "/reset-password?token=abc&email=x" → "/reset-password?token=[redacted]&email=[redacted]". */
export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq === -1 ? pair : `${pair.slice(0, eq)}=${CENSOR}`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
};

export function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Options for Fastify's `logger` (pino). Tests add a `stream` to capture the output. */
export function loggerOptions(level: string): Record<string, unknown> {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: CENSOR },
    serializers: { req: serializeRequest },
  };
}

type LevelMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify's per-request logger, made on first use. Fastify makes `request.log` for every request
 * (`logger.child({ reqId }, { level })`: pino copies the bindings through its redaction and sets the
 * level's methods again), and a request that ends well never uses it: the access line has its own
 * logger (AccessLog). This stands in for that child with the same bindings and options, and makes
 * the real child the first time something logs through it (an error, a handler's own line), so the
 * lines it writes are the child's, request id included.
 */
export class RequestLogger {
  private made: pino.Logger | undefined;

  constructor(
    private readonly parent: pino.Logger,
    private readonly bindingsOf: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {}

  /** The child logger itself (made now if it was not yet). */
  get logger(): pino.Logger {
    return (this.made ??= this.parent.child(this.bindingsOf, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return this.logger.isLevelEnabled(level);
  }

  bindings(): pino.Bindings {
    return this.logger.bindings();
  }

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): pino.Logger {
    return this.logger.child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.log('error', args);
  }
  warn(...args: unknown[]): void {
    this.log('warn', args);
  }
  info(...args: unknown[]): void {
    this.log('info', args);
  }
  debug(...args: unknown[]): void {
    this.log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.log('trace', args);
  }
  silent(): void {}

  private log(method: LevelMethod, args: unknown[]): void {
    (this.logger[method] as (...a: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory`: the per-request logger above instead of a child made at once. */
export function lazyChildLogger(
  logger: pino.Logger,
  bindings: pino.Bindings,
  options: pino.ChildLoggerOptions,
): RequestLogger {
  return new RequestLogger(logger, bindings, options);
}

/** What the access line says about the caller: ids only, never a token. */
export type Caller = { userId: number; apiTokenId: number | null };

/**
 * The fields of one access line (`msg: "request"`). reqId comes from the request's child logger
 * in Fastify (its binding), and is given here for the answers made before Fastify.
 */
export type AccessLine = {
  reqId?: string;
  method: string | undefined;
  url: string;
  status: number;
  /** Milliseconds from the request's arrival to the end of its response, to 0.1 ms. */
  ms: number;
  userId?: number;
  tokenId?: number;
};

export function accessLine(
  reqId: string | undefined,
  method: string | undefined,
  url: string,
  status: number,
  ms: number,
  caller: Caller | undefined,
): AccessLine {
  const rounded = Math.round(ms * 10) / 10;
  const line: AccessLine =
    reqId === undefined
      ? { method, url: redactQuery(url), status, ms: rounded }
      : { reqId, method, url: redactQuery(url), status, ms: rounded };
  if (caller) {
    line.userId = caller.userId;
    if (caller.apiTokenId !== null) line.tokenId = caller.apiTokenId;
  }
  return line;
}

/** Whether a logger at `level` writes access lines when LOG_REQUESTS asks for them (info or lower). */
export function writesAccessLines(level: string, logRequests: boolean): boolean {
  const value = pino.levels.values[level];
  return logRequests && value !== undefined && value <= pino.levels.values.info!;
}

/**
 * The logger of the access lines: the server's level and destination, without the redaction and
 * serializers of the main logger. An access line is made only of the fields above (a path whose
 * query values are replaced, numbers, ids), so there is nothing in it to redact, and pino's
 * redaction walks every logged object: it was most of what a line cost.
 */
export function createAccessLogger(stream: pino.DestinationStream): pino.Logger {
  return pino({ level: 'info' }, stream);
}

/**
 * Fastify's per-request logging replaced by one access line, written when the response has
 * finished. Fastify writes two lines per request by default ("incoming request" with the client's
 * address and port, "request completed"); one line halves what a busy server writes, and carries
 * what an operator asks of a request: what, how it ended, how long it took, who. `logger` is null
 * when the server writes no access lines (LOG_REQUESTS=false, or a level above info).
 */
export class AccessLog extends LogController {
  constructor(
    private readonly logger: pino.Logger | null,
    private readonly callerOf: (request: FastifyRequest) => Caller | undefined,
  ) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      // A response that failed while being written: the main logger, which redacts.
      reply.log.error({ err: error, status: reply.statusCode }, 'request errored');
      return;
    }
    if (!this.logger) return;
    this.logger.info(
      accessLine(
        String(request.id),
        request.raw.method,
        request.url,
        reply.statusCode,
        reply.elapsedTime,
        this.callerOf(request),
      ),
      'request',
    );
  }
}

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
