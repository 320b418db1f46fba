/** Small colour helpers for branding values (hex in, hex/RGB out). */

export type Rgb = { r: number; g: number; b: number };

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string | null | undefined): value is string {
  return typeof value === 'string' && HEX.test(value.trim());
}

export function hexToRgb(hex: string): Rgb | null {
  const match = HEX.exec(hex.trim());
  if (!match?.[1]) return null;
  let digits = match[1];
  if (digits.length === 3) digits = [...digits].map((c) => c + c).join('');
  const n = Number.parseInt(digits, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function rgbToHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** "r, g, b" for use in rgb(var(--x-rgb) / alpha). */
export function rgbTriplet(hex: string): string {
  const rgb = hexToRgb(hex);
  return rgb ? `${rgb.r}, ${rgb.g}, ${rgb.b}` : '';
}

function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  return {
    r: a.r + (b.r - a.r) * amount,
    g: a.g + (b.g - a.g) * amount,
    b: a.b + (b.b - a.b) * amount,
  };
}

/**
 * Ten shades for a Mantine colour, lightest first, with the given colour itself at index 6
 * (Mantine's default primary shade in light mode).
 */
export function shadesOf(
  hex: string,
): [string, string, string, string, string, string, string, string, string, string] {
  const base = hexToRgb(hex) ?? { r: 34, g: 139, b: 230 };
  const white = { r: 255, g: 255, b: 255 };
  const black = { r: 0, g: 0, b: 0 };
  const toWhite = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18];
  const light = toWhite.map((t) => rgbToHex(mix(base, white, t)));
  const dark = [0.12, 0.24, 0.36].map((t) => rgbToHex(mix(base, black, t)));
  return [
    light[0]!,
    light[1]!,
    light[2]!,
    light[3]!,
    light[4]!,
    light[5]!,
    rgbToHex(base),
    dark[0]!,
    dark[1]!,
    dark[2]!,
  ];
}

/** Relative luminance (WCAG) of a hex colour; 0 for invalid input. */
export function luminance(hex: string): number {
  const rgb = hexToRgb(hex);
  if (!rgb) return 0;
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(rgb.r) + 0.7152 * channel(rgb.g) + 0.0722 * channel(rgb.b);
}

/** Black or white, whichever reads better on the given background. */
export function readableTextOn(hex: string): '#000000' | '#ffffff' {
  return luminance(hex) > 0.4 ? '#000000' : '#ffffff';
}
