import { describe, expect, it } from 'vitest';
import { isoDated, pickKeys } from './output-rows';

describe('rows as the API shows them', () => {
  it('turns every date of a row into an ISO string in its place, other values as they are', () => {
    const row = { uuid: 'u', at: new Date(Date.UTC(2026, 0, 2)), ended_at: null, data: { n: 1 } };
    const out = isoDated(row);
    expect(out).toEqual({
      uuid: 'u',
      at: '2026-01-02T00:00:00.000Z',
      ended_at: null,
      data: { n: 1 },
    });
    expect(Object.keys(out)).toEqual(['uuid', 'at', 'ended_at', 'data']);
  });

  it('picks the named keys in their order, leaving the others out', () => {
    const row = { id: 7, secret: 's', uuid: 'u', name: 'n' };
    const out = pickKeys(row, ['name', 'uuid']);
    expect(out).toEqual({ name: 'n', uuid: 'u' });
    expect(Object.keys(out)).toEqual(['name', 'uuid']);
  });
});
