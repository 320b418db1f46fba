import { describe, expect, it } from 'vitest';
import { childrenOf, rowsOfParents, withIsoDates } from './export-rows';

describe('the rows of an export', () => {
  it('turns the named dates into ISO strings in their place, null staying null', () => {
    const row = { uuid: 'u', created_at: new Date(Date.UTC(2026, 0, 2)), revoked_at: null, n: 1 };
    const out = withIsoDates(row, ['created_at', 'revoked_at']);
    expect(out).toEqual({
      uuid: 'u',
      created_at: '2026-01-02T00:00:00.000Z',
      revoked_at: null,
      n: 1,
    });
    expect(Object.keys(out)).toEqual(['uuid', 'created_at', 'revoked_at', 'n']);
  });

  it('nests the children of one parent without the key that points at it', () => {
    const rows = [
      { invoice_id: 1, amount: 5 },
      { invoice_id: 2, amount: 7 },
      { invoice_id: 1, amount: 9 },
    ];
    expect(childrenOf(rows, 'invoice_id', 1)).toEqual([{ amount: 5 }, { amount: 9 }]);
    expect(childrenOf(rows, 'invoice_id', 3)).toEqual([]);
  });

  it('asks for children only when there are parents', async () => {
    const asked: number[][] = [];
    const fetch = async (ids: number[]) => (asked.push(ids), ids.map((id) => ({ id })));
    expect(await rowsOfParents([], fetch)).toEqual([]);
    expect(await rowsOfParents([4, 5], fetch)).toEqual([{ id: 4 }, { id: 5 }]);
    expect(asked).toEqual([[4, 5]]);
  });
});
