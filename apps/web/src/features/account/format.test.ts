import { describe, expect, it } from 'vitest';
import { isMobileDevice, relativeTime } from './format';

describe('relativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('follows the spec thresholds', () => {
    expect(relativeTime(ago(59 * 60_000), now)).toBe('Just now');
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(relativeTime(ago(30 * 3_600_000), now)).toBe('Yesterday');
    expect(relativeTime(ago(72 * 3_600_000), now)).toContain('2026');
  });
  it('detects mobile devices', () => {
    expect(isMobileDevice('Mobile Safari on iOS')).toBe(true);
    expect(isMobileDevice('Chrome on Android')).toBe(true);
    expect(isMobileDevice('Chrome on macOS')).toBe(false);
  });
});
