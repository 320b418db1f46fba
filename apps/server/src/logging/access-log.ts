import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { redactQuery } from './logger-options';

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
