import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, type AppDeps } from '@scmp/api';
import { sendError } from '../rest/rest-door';

/** Fastify-level failures (bad JSON, wrong content type, body too large, timeouts) get the envelope too. */
export function registerErrorHandler(app: FastifyInstance, deps: AppDeps): void {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413)
      return sendError(
        reply,
        new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.'),
        deps,
      );
    if (status === 415)
      return sendError(
        reply,
        new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Type: send application/json.'),
        deps,
      );
    if (status === 429) return sendError(reply, error, deps);
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : 'Bad request.';
      return sendError(reply, new AppError('BAD_REQUEST', message), deps);
    }
    return sendError(reply, error, deps);
  });
}
