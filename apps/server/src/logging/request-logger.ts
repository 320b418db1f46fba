import type pino from 'pino';

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
