import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './device';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('describeUserAgent', () => {
  it('names the browser and operating system', () => {
    expect(describeUserAgent(CHROME_MAC)).toEqual({
      device: 'Chrome on macOS',
      browser: 'Chrome',
      os: 'macOS',
    });
    expect(describeUserAgent(SAFARI_IPHONE).device).toBe('Mobile Safari on iOS');
    expect(describeUserAgent('curl/8.5.0').device).toBe('Unknown device');
    expect(describeUserAgent(null).device).toBe('Unknown device');
  });

  it('answers a repeated user agent from memory, and a long one by parsing it again', () => {
    expect(describeUserAgent(CHROME_MAC)).toBe(describeUserAgent(CHROME_MAC));
    const long = `${CHROME_MAC} ${'x'.repeat(600)}`;
    expect(describeUserAgent(long)).not.toBe(describeUserAgent(long));
    expect(describeUserAgent(long).device).toBe('Chrome on macOS');
  });

  it('keeps at most a bounded number of parsed user agents (the oldest goes first)', () => {
    const first = describeUserAgent('Agent/0');
    expect(describeUserAgent('Agent/0')).toBe(first);
    for (let i = 1; i <= 1500; i++) describeUserAgent(`Agent/${i}`);
    expect(describeUserAgent('Agent/0')).not.toBe(first);
    expect(describeUserAgent('Agent/1500')).toBe(describeUserAgent('Agent/1500'));
  });
});
