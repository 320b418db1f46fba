import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from '../../core/mail/delivery';
import { isCommonPassword } from './common-passwords';
import { normalizeEmail } from './email';

describe('normalizeEmail', () => {
  it('folds look-alike Unicode forms, case and spaces into one spelling', () => {
    expect(normalizeEmail('ⓣⓔⓢⓣ@ⓔⓧⓐⓜⓟⓛⓔ.ⓒⓞⓜ')).toBe('test@example.com');
    expect(normalizeEmail('  Test@Example.COM ')).toBe('test@example.com');
    expect(normalizeEmail('ｔｅｓｔ@ｅｘａｍｐｌｅ.ｃｏｍ')).toBe('test@example.com');
  });

  test.prop([fc.string()])('is idempotent', (value) => {
    expect(normalizeEmail(normalizeEmail(value))).toBe(normalizeEmail(value));
  });
});

describe('common passwords', () => {
  it('knows the usual suspects, case-insensitively, and not a passphrase', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });
});

describe('mail delivery helpers', () => {
  it('backs off exponentially from 10 s, capped at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(30)).toBe(3600);
  });
});
