import type { FastifyInstance } from 'fastify';
import sjson from 'secure-json-parse';
import { AppError } from '@scmp/api';

/**
 * JSON bodies: an empty body counts as `{}` (clients often send the header on body-less POSTs),
 * `__proto__` and `constructor.prototype` keys are refused (prototype poisoning).
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json(\s*;.*)?$/i,
    { parseAs: 'string' },
    (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      try {
        done(
          null,
          sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }),
        );
      } catch {
        done(new AppError('BAD_REQUEST', 'The request body is not valid JSON.'), undefined);
      }
    },
  );
}
