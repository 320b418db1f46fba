/** Shared arithmetic of the SVG charts: axis maximum, ticks, which x labels fit, number format. */

/**
 * A round axis maximum at or above `max`: 1, 2, 2.5, 5 or 10 times a power of ten, or for whole
 * numbers 1, 2, 4, 6, 8 or 10 times one (so the half-way tick is whole too); 1 for no data.
 */
export function niceMax(max: number, integers = false): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const pow = 10 ** Math.floor(Math.log10(max));
  const steps = integers && pow >= 1 ? [1, 2, 4, 6, 8, 10] : [1, 2, 2.5, 5, 10];
  for (const m of steps) if (m * pow >= max) return m * pow;
  return 10 * pow;
}

/** Y-axis ticks: 0, half and the maximum, or only 0 and the maximum when the half is not a whole number of integer data. */
export function yTicks(top: number, integers: boolean): number[] {
  const half = top / 2;
  return integers && !Number.isInteger(half) ? [0, top] : [0, half, top];
}

/** Show every `stride`-th x label so that about `room` pixels per label stay free. */
export function labelStride(count: number, plotWidth: number, room = 56): number {
  if (count <= 1) return 1;
  const fits = Math.max(1, Math.floor(plotWidth / room));
  return Math.max(1, Math.ceil(count / fits));
}

export const defaultFormat = (n: number): string => n.toLocaleString('en-GB');

/** A theme colour variable for a Mantine colour name ('blue' → var(--mantine-color-blue-filled)). */
export const themeColor = (name: string): string => `var(--mantine-color-${name}-filled)`;

/** Approximate width in pixels of an axis label at font size 11. */
export const labelWidth = (text: string): number => text.length * 6.6;

export const AXIS_FONT = 11;
