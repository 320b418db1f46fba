import { describe, expect, it } from 'vitest';
import { isDatabaseDown } from './errors';
import { toErrorEnvelope } from '../transport/trpc-errors';

describe('database-down errors', () => {
  it('recognises what pg throws while PostgreSQL stops or restarts', () => {
    const shutdown = Object.assign(
      new Error('terminating connection due to administrator command'),
      {
        code: '57P01',
      },
    );
    for (const error of [
      shutdown,
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('wrapped', { cause: shutdown }),
    ]) {
      expect(isDatabaseDown(error)).toBe(true);
      const envelope = toErrorEnvelope(error);
      expect(envelope.status).toBe(503);
      expect(envelope.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    }
  });

  it('leaves other errors alone', () => {
    expect(isDatabaseDown(new Error('duplicate key value violates unique constraint'))).toBe(false);
  });
});
