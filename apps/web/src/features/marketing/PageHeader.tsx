import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title and subtitle band at the top of a public page. */
export function PageHeader({
  eyebrow,
  title,
  subtitle,
  children,
}: {
  eyebrow?: string;
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box
      component="header"
      py={{ base: 48, sm: 72 }}
      style={{
        background: 'linear-gradient(135deg, #0B173D 0%, #16265c 100%)',
        color: '#fff',
      }}
    >
      <Container size="lg">
        {eyebrow && (
          <Text tt="uppercase" fw={700} fz="sm" c="#f5d35c" mb="xs" style={{ letterSpacing: 1 }}>
            {eyebrow}
          </Text>
        )}
        <Title order={1} c="white" fz={{ base: 32, sm: 44 }} lh={1.15} maw={820}>
          {title}
        </Title>
        {subtitle && (
          <Text fz="lg" mt="md" maw={720} c="#dfe4f2">
            {subtitle}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}
