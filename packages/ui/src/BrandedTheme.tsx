import { MantineProvider } from '@mantine/core';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { PublicBranding } from '@scmp/api/contracts/branding-defaults';
import { accessibleCssVariables } from './accessible-colors';
import { applyBrandingCssVariables, themeFromBranding } from './theme-from-branding';

/** Mantine provider themed from branding data; also sets the --brand-* CSS variables. */
export function BrandedTheme({
  branding,
  children,
}: {
  branding: PublicBranding;
  children: ReactNode;
}) {
  const theme = useMemo(() => themeFromBranding(branding), [branding]);
  useEffect(() => {
    applyBrandingCssVariables(branding);
  }, [branding]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={accessibleCssVariables}>
      {children}
    </MantineProvider>
  );
}
