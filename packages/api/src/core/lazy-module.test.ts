import { describe, expect, it } from 'vitest';
import { lazyModule, lazyRequire, loadQrCode, requireCssTree } from './lazy-module';

describe('lazyModule', () => {
  it('loads once, on first use, and shares the result', async () => {
    let loads = 0;
    const load = lazyModule(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const load = lazyModule(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('not yet');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('not yet');
    await expect(load()).resolves.toBe('loaded');
  });

  it('loads a real heavy library', async () => {
    const QRCode = await loadQrCode();
    expect(await QRCode.toString('otpauth://totp/x', { type: 'svg' })).toContain('<svg');
  });
});

describe('lazyRequire', () => {
  it('requires on first call and returns the same module after', () => {
    const parse = requireCssTree().parse;
    expect(typeof parse).toBe('function');
    expect(requireCssTree().parse).toBe(parse);
  });

  it('throws for a missing package and tries again on the next call', () => {
    const load = lazyRequire<unknown>('scmp-no-such-package');
    expect(() => load()).toThrow(/Cannot find module/);
    expect(() => load()).toThrow(/Cannot find module/);
  });
});
