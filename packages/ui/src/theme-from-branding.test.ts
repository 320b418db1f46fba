import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '@scmp/api/contracts/branding-defaults';
import { brandingCssVariables } from './theme-from-branding';

describe('brandingCssVariables', () => {
  it('writes each shell colour as --brand-<kebab name> and its -rgb triplet', () => {
    const vars = brandingCssVariables({ ...DEFAULT_BRANDING, nav_text_hover_color: '#123456' });
    expect(Object.keys(vars)).toEqual(
      ['primary', 'secondary', 'accent', 'nav-background', 'nav-text', 'nav-text-hover'].flatMap(
        (name) => [`--brand-${name}`, `--brand-${name}-rgb`],
      ),
    );
    expect(vars['--brand-nav-text-hover']).toBe('#123456');
    expect(vars['--brand-nav-text-hover-rgb']).toBe('18, 52, 86');
  });
});
