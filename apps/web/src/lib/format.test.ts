import { describe, expect, it } from 'vitest';
import { formatDate, formatDay } from './format';

describe('formatDate (the one date format of the web app)', () => {
  it('draws a day in the medium style, or in full with "long" (the billing pages)', () => {
    expect(formatDate('2027-01-03T12:00:00Z')).toBe('3 Jan 2027');
    expect(formatDate('2027-01-03T12:00:00Z', 'long')).toBe('3 January 2027');
  });
  it('adds the time when asked', () => {
    expect(formatDate('2027-01-03T12:00:00Z', true)).toMatch(/^3 Jan 2027, \d\d:\d\d$/);
  });
  it('draws a dash when there is no date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined, 'long')).toBe('—');
    expect(formatDay('')).toBe('—');
  });
  it('formatDay reads the day in UTC', () => {
    expect(formatDay('2027-01-03T23:30:00Z')).toBe('3 Jan 2027');
  });
  it('formatDay adds the UTC time when asked (the retention runs)', () => {
    expect(formatDay('2026-11-26T09:05:00Z', true)).toBe('26 Nov 2026, 09:05');
    expect(formatDay('2026-11-26T23:30:00+02:00', true)).toBe('26 Nov 2026, 21:30');
    expect(formatDay(null, true)).toBe('—');
  });
});
