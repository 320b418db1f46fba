import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow centred card every sign-in/sign-up/recovery screen sits in. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={460} py={48}>
      <Title order={1} ta="center" fz={28}>
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" size="sm" ta="center" mt={6}>
          {subtitle}
        </Text>
      ) : null}
      <Paper withBorder shadow="sm" p={28} mt={24} radius="md">
        {children}
      </Paper>
    </Container>
  );
}
