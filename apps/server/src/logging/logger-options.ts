/**
 * The server's pino settings. Each request writes one access line (see AccessLog in access-log.ts): method,
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
