import type { FastifyRequest } from 'fastify';
import type { RequestInfo } from '@scmp/api';
import type { Caller } from './logging/access-log';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request as the procedures see it, made once per request (app.ts decorates it). */
    requestInfo: RequestInfo | null;
  }
}

/**
 * What the procedures know about the request: one object per request, so the caller that
 * createContext resolves (RequestInfo.caller) is there for the access line when the response ends.
 */
export function requestInfoOf(request: FastifyRequest): RequestInfo {
  if (request.requestInfo) return request.requestInfo;
  const userAgent = request.headers['user-agent'];
  const idempotencyKey = request.headers['idempotency-key'];
  const contentLength = request.headers['content-length'];
  const info: RequestInfo = {
    requestId: String(request.id),
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    host: request.host ?? null,
    authorization:
      typeof request.headers.authorization === 'string' ? request.headers.authorization : undefined,
    cookie: request.headers.cookie,
    idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    bodyBytes: contentLength === undefined ? undefined : Number(contentLength),
  };
  request.requestInfo = info;
  return info;
}

/** The caller of a request whose procedure resolved one (user id, API token id), for the log. */
export function callerOf(request: FastifyRequest): Caller | undefined {
  return request.requestInfo?.caller ?? undefined;
}
