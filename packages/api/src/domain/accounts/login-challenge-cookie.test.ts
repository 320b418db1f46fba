import { describe, expect, it } from 'vitest';
import { loginChallengeCookie } from './login-challenge-cookie';

describe('the two-factor challenge cookie', () => {
  it('is Secure when the app is served over https, for both doors', () => {
    expect(loginChallengeCookie.set('https://app.example.com', 'tok', 300)).toEqual([
      'scmp_login_challenge=tok; Max-Age=300; Path=/api/v1/auth/two-factor; HttpOnly; SameSite=Strict; Secure',
      'scmp_login_challenge=tok; Max-Age=300; Path=/trpc; HttpOnly; SameSite=Strict; Secure',
    ]);
    expect(loginChallengeCookie.clear('https://app.example.com')).toEqual([
      'scmp_login_challenge=; Max-Age=0; Path=/api/v1/auth/two-factor; HttpOnly; SameSite=Strict; Secure',
      'scmp_login_challenge=; Max-Age=0; Path=/trpc; HttpOnly; SameSite=Strict; Secure',
    ]);
  });

  it('is not Secure over plain http (local), where a browser would drop it', () => {
    for (const cookie of loginChallengeCookie.set('http://localhost:3000', 'tok', 300)) {
      expect(cookie).not.toContain('Secure');
    }
  });

  it('is read from a Cookie header among others, and only by its exact name', () => {
    expect(loginChallengeCookie.read('a=1; scmp_login_challenge=abc_-9; b=2')).toBe('abc_-9');
    expect(loginChallengeCookie.read('xscmp_login_challenge=abc')).toBeUndefined();
    expect(loginChallengeCookie.read('scmp_login_challenge=')).toBeUndefined();
    expect(loginChallengeCookie.read(undefined)).toBeUndefined();
  });
});
