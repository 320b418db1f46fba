import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Context } from './context';
import { envelope, messageEnvelope, ok, okMessage } from './envelope';
import { area } from './operation';
import { createCallerFactory, router } from './trpc';

const demo = area('demo');
const input = z.object({ id: z.string(), limit: z.coerce.number().default(20) });
const data = z.object({ id: z.string(), at: z.date().transform((at) => at.toISOString()) });
const AT = new Date('2026-01-02T03:04:05.000Z');

/** What the message-only handlers did. */
const removed: string[] = [];

const answered = {
  read: demo.public('GET /demo/{id}', 'Read').answers(input, data, ({ input: { id } }) => ({
    id,
    at: AT,
  })),
  change: demo.public('PATCH /demo/{id}', 'Change').answers(
    input,
    data,
    (answer, { limit }) => `Changed ${answer.id} (${limit}).`,
    async ({ input: { id } }) => ({ id, at: AT }),
  ),
  save: demo
    .public('PUT /demo/{id}', 'Save')
    .answers(input, data, 'Saved.', ({ input: { id } }) => ({ id, at: AT })),
  remove: demo.public('DELETE /demo/{id}', 'Remove').answers(input, 'Removed.', async () => {
    removed.push('answered');
  }),
};

/** The same operations written as the explicit chain `answers` stands for. */
const chained = {
  read: demo
    .public('GET /demo/{id}', 'Read')
    .input(input)
    .output(envelope(data))
    .query(({ input: { id } }) => ok({ id, at: AT })),
  change: demo
    .public('PATCH /demo/{id}', 'Change')
    .input(input)
    .output(envelope(data))
    .mutation(async ({ input: { id, limit } }) => ok({ id, at: AT }, `Changed ${id} (${limit}).`)),
  save: demo
    .public('PUT /demo/{id}', 'Save')
    .input(input)
    .output(envelope(data))
    .mutation(({ input: { id } }) => ok({ id, at: AT }, 'Saved.')),
  remove: demo
    .public('DELETE /demo/{id}', 'Remove')
    .input(input)
    .output(messageEnvelope)
    .mutation(async () => {
      removed.push('chained');
      return okMessage('Removed.');
    }),
};

const context = { req: {}, apiToken: null } as unknown as Context;

/** What tRPC keeps of a built procedure (its `_def` type names only some of it). */
const built = (procedure: { _def: object }) =>
  procedure._def as { type: string; meta: unknown; inputs: unknown[]; output: z.ZodType };

describe('answers', () => {
  it('types each procedure as the explicit chain does (what the web client infers)', () => {
    expectTypeOf(answered.read).toEqualTypeOf<typeof chained.read>();
    expectTypeOf(answered.change).toEqualTypeOf<typeof chained.change>();
    expectTypeOf(answered.save).toEqualTypeOf<typeof chained.save>();
    expectTypeOf(answered.remove).toEqualTypeOf<typeof chained.remove>();
  });

  it('builds the chain: a query for a GET, else a mutation, with the same meta and schemas', () => {
    for (const name of ['read', 'change', 'save', 'remove'] as const) {
      const own = built(answered[name]);
      const chain = built(chained[name]);
      expect(own.type).toBe(chain.type);
      expect(own.meta).toStrictEqual(chain.meta);
      expect(own.inputs).toStrictEqual([input]);
      expect(own.inputs).toStrictEqual(chain.inputs);
      expect(z.toJSONSchema(own.output, { io: 'output', unrepresentable: 'any' })).toStrictEqual(
        z.toJSONSchema(chain.output, { io: 'output', unrepresentable: 'any' }),
      );
    }
    expect(answered.read._def.type).toBe('query');
    expect(answered.change._def.type).toBe('mutation');
  });

  it('answers the envelope: the data, parsed by its schema, and the message when there is one', async () => {
    const answering = createCallerFactory(router(answered))(context);
    const chain = createCallerFactory(router(chained))(context);
    const at = AT.toISOString();
    expect(await answering.read({ id: 'a' })).toStrictEqual({
      success: true,
      data: { id: 'a', at },
    });
    expect(await answering.change({ id: 'b', limit: '5' })).toStrictEqual({
      success: true,
      message: 'Changed b (5).',
      data: { id: 'b', at },
    });
    expect(await answering.save({ id: 'c' })).toStrictEqual({
      success: true,
      message: 'Saved.',
      data: { id: 'c', at },
    });
    expect(await answering.remove({ id: 'd' })).toStrictEqual({
      success: true,
      message: 'Removed.',
    });
    expect(removed).toStrictEqual(['answered']);
    expect(await answering.remove({ id: 'd' })).toStrictEqual(await chain.remove({ id: 'd' }));
    expect(await answering.read({ id: 'a' })).toStrictEqual(await chain.read({ id: 'a' }));
    expect(await answering.change({ id: 'b', limit: '5' })).toStrictEqual(
      await chain.change({ id: 'b', limit: '5' }),
    );
  });
});
