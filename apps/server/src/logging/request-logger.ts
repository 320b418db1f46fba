import type pino from 'pino';

const LEVEL_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type LogMethod = (...args: unknown[]) => void;

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

  declare fatal: LogMethod;
  declare error: LogMethod;
  declare warn: LogMethod;
  declare info: LogMethod;
  declare debug: LogMethod;
  declare trace: LogMethod;
  silent(): void {}
}

// fatal … trace: each one logs through the child logger, made on that first line.
for (const level of LEVEL_METHODS) {
  RequestLogger.prototype[level] = function (this: RequestLogger, ...args: unknown[]) {
    (this.logger[level] as LogMethod)(...args);
  };
}

/** Fastify's `childLoggerFactory`: the per-request logger above instead of a child made at once. */
export function lazyChildLogger(
  logger: pino.Logger,
  bindings: pino.Bindings,
  options: pino.ChildLoggerOptions,
): RequestLogger {
  return new RequestLogger(logger, bindings, options);
}
