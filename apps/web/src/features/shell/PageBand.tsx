import { Box, Container, Stack, Text, Title, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { shellColors } from '@scmp/ui';
import { useTenant } from '../tenant';

type ShellColors = ReturnType<typeof shellColors>;

/** What a band shows: its title, the line under it, and anything below. */
type BandProps = { title: ReactNode; subtitle?: ReactNode; children?: ReactNode };

/** A full-width band in the tenant's colours, in white: `background` is drawn from the colours. */
function TenantBand({
  py,
  background,
  children,
}: {
  py: BoxProps['py'];
  background: (colors: ShellColors) => string;
  children: ReactNode;
}) {
  const { branding } = useTenant();
  return (
    <Box py={py} style={{ background: background(shellColors(branding)), color: '#ffffff' }}>
      <Container size="lg">{children}</Container>
    </Box>
  );
}

/** The optional title and subtitle band under the navigation. */
export function PageBand({ title, subtitle, children }: BandProps) {
  return (
    <TenantBand
      py={{ base: 40, md: 56 }}
      background={(colors) =>
        `linear-gradient(135deg, ${colors.secondary} 0%, rgb(${hexTriplet(colors.secondary)} / 0.88) 100%)`
      }
    >
      <Stack gap="sm" align="center" ta="center">
        <Title order={1}>{title}</Title>
        {subtitle ? (
          <Text size="lg" maw={720} style={{ opacity: 0.9 }}>
            {subtitle}
          </Text>
        ) : null}
        {children}
      </Stack>
    </TenantBand>
  );
}

function hexTriplet(hex: string): string {
  const n = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  return `${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255}`;
}

/** The optional hero: a large band with a call to action area. */
export function Hero({ title, subtitle, actions, children }: BandProps & { actions?: ReactNode }) {
  return (
    <TenantBand
      py={{ base: 64, md: 96 }}
      background={(colors) =>
        `radial-gradient(circle at 20% 20%, ${colors.primary}33 0%, transparent 45%), ${colors.secondary}`
      }
    >
      <Stack gap="lg" maw={760}>
        <Title order={1} fz={{ base: 34, md: 52 }} lh={1.1}>
          {title}
        </Title>
        {subtitle ? (
          <Text size="xl" style={{ opacity: 0.9 }}>
            {subtitle}
          </Text>
        ) : null}
        {actions}
        {children}
      </Stack>
    </TenantBand>
  );
}
