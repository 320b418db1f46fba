import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { shellColors } from '@scmp/ui';
import { useTenant } from '../tenant';

/** The optional title and subtitle band under the navigation. */
export function PageBand({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  const { branding } = useTenant();
  const colors = shellColors(branding);
  return (
    <Box
      py={{ base: 40, md: 56 }}
      style={{
        background: `linear-gradient(135deg, ${colors.secondary} 0%, rgb(${hexTriplet(colors.secondary)} / 0.88) 100%)`,
        color: '#ffffff',
      }}
    >
      <Container size="lg">
        <Stack gap="sm" align="center" ta="center">
          <Title order={1}>{title}</Title>
          {subtitle ? (
            <Text size="lg" maw={720} style={{ opacity: 0.9 }}>
              {subtitle}
            </Text>
          ) : null}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

function hexTriplet(hex: string): string {
  const n = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  return `${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255}`;
}

/** The optional hero: a large band with a call to action area. */
export function Hero({
  title,
  subtitle,
  actions,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { branding } = useTenant();
  const colors = shellColors(branding);
  return (
    <Box
      py={{ base: 64, md: 96 }}
      style={{
        background: `radial-gradient(circle at 20% 20%, ${colors.primary}33 0%, transparent 45%), ${colors.secondary}`,
        color: '#ffffff',
      }}
    >
      <Container size="lg">
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
      </Container>
    </Box>
  );
}
