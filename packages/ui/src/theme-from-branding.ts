import { createTheme, type MantineThemeOverride } from '@mantine/core';
import {
  DEFAULT_BRANDING,
  DEFAULT_NAV_BACKGROUND,
  type PublicBranding,
} from '@scmp/api/contracts/branding-defaults';
import { isHexColor, readableTextOn, rgbTriplet, shadesOf } from './colors';

const FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** A colour from branding, or the fallback when it is blank or not a hex colour. */
export function brandColor(value: string | null | undefined, fallback: string): string {
  return isHexColor(value) ? value.trim() : fallback;
}

/** The shell's resolved colours: branding values with the shell defaults for blanks. */
export function shellColors(branding: PublicBranding) {
  const primary = brandColor(branding.primary_color, DEFAULT_BRANDING.primary_color);
  const secondary = brandColor(branding.secondary_color, DEFAULT_BRANDING.secondary_color);
  const accent = brandColor(branding.accent_color, DEFAULT_BRANDING.accent_color);
  const navBackground = brandColor(branding.nav_background_color, DEFAULT_NAV_BACKGROUND);
  const navText = brandColor(branding.nav_text_color, readableTextOn(navBackground));
  const navTextHover = brandColor(branding.nav_text_hover_color, accent);
  return { primary, secondary, accent, navBackground, navText, navTextHover };
}

/** Mantine theme whose primary colour is generated from the branding's primary colour. */
export function themeFromBranding(branding: PublicBranding): MantineThemeOverride {
  const { primary, secondary, accent } = shellColors(branding);
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: {
      brand: shadesOf(primary),
      brandSecondary: shadesOf(secondary),
      brandAccent: shadesOf(accent),
    },
    fontFamily: FONT_FAMILY,
    defaultRadius: 'md',
    autoContrast: true,
    components: {
      // The close button is an icon: give it an accessible name. A plain object, not Modal.extend():
      // importing Modal here would put it (and its scroll area, focus trap…) in every first load.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } },
      // Every toast's close button (issue 40: it had no accessible name).
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    },
  });
}

/** The CSS variables (hex and RGB) the shell, footer and custom CSS can use. */
export function brandingCssVariables(branding: PublicBranding): Record<string, string> {
  const vars: Record<string, string> = {};
  // Every shell colour, its name in kebab case: navTextHover → --brand-nav-text-hover(-rgb).
  for (const [key, hex] of Object.entries(shellColors(branding))) {
    const name = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    vars[`--brand-${name}`] = hex;
    vars[`--brand-${name}-rgb`] = rgbTriplet(hex);
  }
  return vars;
}

/** Writes the branding CSS variables on an element (the document root by default). */
export function applyBrandingCssVariables(
  branding: PublicBranding,
  element: HTMLElement = document.documentElement,
): void {
  for (const [name, value] of Object.entries(brandingCssVariables(branding))) {
    element.style.setProperty(name, value);
  }
}
