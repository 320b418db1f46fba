import type { CSSVariablesResolver, MantineTheme } from '@mantine/core';
import { hexToRgb, luminance, rgbToHex } from './colors';

/** WCAG contrast ratio between two hex colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour darkened (mixed with black) just enough to read as text on white and on the pale
 * "light" tints Mantine puts behind badges, buttons and alerts (7.2:1 on white keeps 4.5:1 on them).
 */
export function textSafeColor(hex: string, target = 7.2): string {
  const rgb = hexToRgb(hex);
  if (!rgb) return hex;
  for (let t = 0; t <= 1; t += 0.04) {
    const mixed = rgbToHex({ r: rgb.r * (1 - t), g: rgb.g * (1 - t), b: rgb.b * (1 - t) });
    if (contrastRatio(mixed, '#ffffff') >= target) return mixed;
  }
  return '#000000';
}

/**
 * Light-scheme overrides so text colours meet WCAG AA contrast: dimmed text, links, and the
 * text of every palette's "light"/"subtle"/coloured text variants (badges, alerts, c="red"...).
 */
export const accessibleCssVariables: CSSVariablesResolver = (theme: MantineTheme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': theme.colors.gray[7]!,
    // Field error texts and the invalid input's text sit on white.
    '--mantine-color-error': textSafeColor(theme.colors.red[6]!, 4.6),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    const base =
      shades[typeof theme.primaryShade === 'number' ? theme.primaryShade : 6] ?? shades[6];
    if (!base) continue;
    const safe = textSafeColor(base);
    light[`--mantine-color-${name}-text`] = safe;
    light[`--mantine-color-${name}-light-color`] = safe;
    if (name !== theme.primaryColor && contrastRatio(base, '#ffffff') < 4.5) {
      // Filled buttons/badges carry white text: darken the fill until it reads.
      light[`--mantine-color-${name}-filled`] = textSafeColor(base, 4.6);
      light[`--mantine-color-${name}-filled-hover`] = textSafeColor(base, 5.5);
    }
    if (name === theme.primaryColor) {
      light['--mantine-primary-color-light-color'] = safe;
      light['--mantine-color-anchor'] = safe;
    }
  }
  return { variables: {}, light, dark: {} };
};
