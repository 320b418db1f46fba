import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors';
import { toErrorEnvelope } from '../transport/trpc-errors';
import { createCallerFactory, publicProcedure, router } from '../transport/trpc';

describe('toErrorEnvelope', () => {
  it('maps input validation failures to 422 with the first text and a field map', async () => {
    const probe = router({
      p: publicProcedure
        .input(
          z.object({
            name: z.string({ error: 'Name is required' }).min(1, 'Name is required'),
            age: z.number(),
          }),
        )
        .query(() => 1),
    });
    const error = await createCallerFactory(probe)({ req: {}, responseHeaders: {} } as never)
      .p({ age: 'x' } as never)
      .catch((e: unknown) => e);
    const envelope = toErrorEnvelope(error);
    expect(envelope.status).toBe(422);
    expect(envelope.body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Name is required',
    });
    expect(envelope.body.errors?.name).toEqual(['Name is required']);
    expect(envelope.body.errors?.age).toHaveLength(1);
  });

  it('keeps AppError a plain error of the core, mapped to tRPC at the edge', async () => {
    expect(new AppError('NOT_FOUND', 'Gone')).not.toBeInstanceOf(TRPCError);
    const probe = router({
      p: publicProcedure.query(() => {
        throw new AppError('CONFLICT', 'Taken', { extra: { field: 'x' } });
      }),
    });
    const error = await createCallerFactory(probe)({ req: {}, responseHeaders: {} } as never)
      .p()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('CONFLICT');
    expect((error as TRPCError).message).toBe('Taken');
    expect(toErrorEnvelope(error)).toMatchObject({
      status: 409,
      body: { success: false, code: 'CONFLICT', message: 'Taken', field: 'x' },
    });
  });

  it('keeps AppError status, extra fields and headers', () => {
    const envelope = toErrorEnvelope(
      new AppError('TOO_MANY_REQUESTS', 'Slow down', {
        headers: { 'retry-after': '30' },
        extra: { retry_after: 30 },
      }),
    );
    expect(envelope).toEqual({
      status: 429,
      headers: { 'retry-after': '30' },
      body: { success: false, message: 'Slow down', code: 'TOO_MANY_REQUESTS', retry_after: 30 },
    });
  });

  it('hides internals of unexpected errors', () => {
    const envelope = toErrorEnvelope(
      new Error('relation "users" does not exist at /srv/app/x.ts:12'),
    );
    expect(envelope.status).toBe(500);
    expect(JSON.stringify(envelope.body)).not.toMatch(/relation|\/srv|x\.ts/);
  });

  it('answers 503 when the database connection is refused', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(toErrorEnvelope(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause })).status).toBe(
      503,
    );
  });

  it('maps plain tRPC errors to their HTTP status', () => {
    expect(toErrorEnvelope(new TRPCError({ code: 'NOT_FOUND', message: 'Nope' }))).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  });
});
