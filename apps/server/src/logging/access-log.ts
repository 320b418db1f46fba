import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { redactQuery } from './logger-options';

/** What the access line says about the caller: ids only, never a token. */
export type Caller = { userId: number; apiTokenId: number | null };

/**
 * One access line, as JSON text ending in a newline: `level` (always 30, info), `time` (epoch ms,
 * as pino writes it), `reqId`, `method`, `url` (query values replaced), `status`, `ms` (from the
 * request's arrival to the end of its response, to 0.1 ms), the caller's `userId` and `tokenId`
 * when there is one, and `msg: "request"`. Nothing else: pino's `pid` and `hostname` are the same
 * on every line of a process (its other lines carry them), and the line is written once per
 * request, so each byte of it counts. Formatted here rather than by pino: the fields are fixed,
 * numbers and strings that JSON.stringify quotes, with nothing to redact or serialize.
 */
export function accessLineText(
  reqId: string | undefined,
  method: string | undefined,
  url: string,
  status: number,
  ms: number,
  caller: Caller | undefined,
  time: number = Date.now(),
): string {
  let text = `{"level":30,"time":${time}`;
  if (reqId !== undefined) text += `,"reqId":${JSON.stringify(reqId)}`;
  if (method !== undefined) text += `,"method":${JSON.stringify(method)}`;
  text += `,"url":${JSON.stringify(redactQuery(url))},"status":${status},"ms":${Math.round(ms * 10) / 10}`;
  if (caller) {
    text += `,"userId":${caller.userId}`;
    if (caller.apiTokenId !== null) text += `,"tokenId":${caller.apiTokenId}`;
  }
  return `${text},"msg":"request"}\n`;
}

/** Where access lines go: the server's log destination (main.ts: stdout, asynchronously). */
export type AccessLogStream = { write: (line: string) => unknown };

/** Whether a logger at `level` writes access lines when LOG_REQUESTS asks for them (info or lower). */
export function writesAccessLines(level: string, logRequests: boolean): boolean {
  const value = pino.levels.values[level];
  return logRequests && value !== undefined && value <= pino.levels.values.info!;
}

/**
 * Fastify's per-request logging replaced by one access line, written when the response has
 * finished. Fastify writes two lines per request by default ("incoming request" with the client's
 * address and port, "request completed"); one line halves what a busy server writes, and carries
 * what an operator asks of a request: what, how it ended, how long it took, who. `logger` is null
 * `stream` is null
 * when the server writes no access lines (LOG_REQUESTS=false, or a level above info).
 */
export class AccessLog extends LogController {
  constructor(
    private readonly stream: AccessLogStream | null,
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
    if (!this.stream) return;
    this.stream.write(
      accessLineText(
        String(request.id),
        request.raw.method,
        request.url,
        reply.statusCode,
        reply.elapsedTime,
        this.callerOf(request),
      ),
    );
  }
}
