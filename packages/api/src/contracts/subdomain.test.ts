import { describe, expect, it } from 'vitest';
import { SUBDOMAIN_TEXTS, instanceHostOf, slugify, subdomainProblem } from './subdomain';

describe('subdomain rules', () => {
  it('accepts 3 to 62 lower-case letters, digits and inner hyphens', () => {
    expect(subdomainProblem('abc')).toBeNull();
    expect(subdomainProblem('a-1-b')).toBeNull();
    expect(subdomainProblem('x'.repeat(62))).toBeNull();
  });

  it('names the first broken rule with the spec text', () => {
    expect(subdomainProblem('')).toBe(SUBDOMAIN_TEXTS.required);
    expect(subdomainProblem('ab')).toBe('Subdomain must be at least 3 characters');
    expect(subdomainProblem('x'.repeat(63))).toBe('Subdomain must be less than 63 characters');
    expect(subdomainProblem('Abc')).toBe(
      'Subdomain can only contain lowercase letters, numbers, and hyphens',
    );
    expect(subdomainProblem('a_c')).toBe(
      'Subdomain can only contain lowercase letters, numbers, and hyphens',
    );
    expect(subdomainProblem('-abc')).toBe('Subdomain cannot start or end with a hyphen');
    expect(subdomainProblem('abc-')).toBe('Subdomain cannot start or end with a hyphen');
    for (const reserved of ['www', 'api', 'admin', 'mail', 'ftp', 'blog'])
      expect(subdomainProblem(reserved)).toBe('This subdomain is reserved');
  });

  it('slugifies names into valid stems and builds instance hosts', () => {
    expect(slugify('  Ærø École — Summer Camp 2026!  ')).toBe('r-ecole-summer-camp-2026');
    expect(slugify('x'.repeat(80)).length).toBe(62);
    expect(slugify('a'.repeat(61) + '-b')).toBe('a'.repeat(61));
    expect(instanceHostOf('main', 'acme', 'instances.localhost')).toBe(
      'main-acme.instances.localhost',
    );
  });
});
