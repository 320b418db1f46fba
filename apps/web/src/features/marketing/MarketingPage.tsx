import { Box } from '@mantine/core';
import type { ComponentProps, CSSProperties, ReactNode } from 'react';
import { PageHeader } from './PageHeader';

/**
 * Root of every marketing, legal and help page. Darkens the link and dimmed-text colours inside
 * the page so body copy on white and light grey keeps at least 4.5:1 contrast (WCAG AA): the
 * brand gold (#D1A103) and Mantine's default dimmed grey are too light for small text.
 */
const readableColours = {
  '--mantine-color-anchor': '#7d5f00',
  '--mantine-color-dimmed': '#5c636a',
} as CSSProperties;

/** With `header`, the page opens with its title band (PageHeader). */
export function MarketingPage({
  header,
  children,
}: {
  header?: ComponentProps<typeof PageHeader>;
  children: ReactNode;
}) {
  return (
    <Box style={readableColours}>
      {header ? <PageHeader {...header} /> : null}
      {children}
    </Box>
  );
}
