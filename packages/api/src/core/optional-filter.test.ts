import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionalFilter } from './optional-filter';

describe('optionalFilter', () => {
  const input = z.object({ status: optionalFilter(z.enum(['open', 'closed'])) });

  it('reads a blank or null filter as no filter', () => {
    expect(input.parse({ status: '' })).toEqual({ status: undefined });
    expect(input.parse({ status: null })).toEqual({ status: undefined });
    expect(input.parse({})).toEqual({});
  });

  it('keeps a set filter and refuses one the schema does not know', () => {
    expect(input.parse({ status: 'open' })).toEqual({ status: 'open' });
    expect(input.safeParse({ status: 'lost' }).success).toBe(false);
  });
});
