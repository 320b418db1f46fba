import type { FastifyRequest } from 'fastify';
import type { RequestInfo } from '@scmp/api';

export function requestInfoOf(request: FastifyRequest): RequestInfo {
  const userAgent = request.headers['user-agent'];
  return {
    requestId: String(request.id),
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    host: request.host ?? null,
    authorization:
      typeof request.headers.authorization === 'string' ? request.headers.authorization : undefined,
    cookie: request.headers.cookie,
  };
}
