import { Container, Group, Stack, Text, Title, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** The h1 of a dashboard page and the line below it. */
export function DashboardPageTitle({
  title,
  description,
  descriptionTestId,
}: {
  title: ReactNode;
  description: ReactNode;
  descriptionTestId?: string;
}) {
  return (
    <div>
      <Title order={1}>{title}</Title>
      <Text c="gray.7" data-testid={descriptionTestId}>
        {description}
      </Text>
    </div>
  );
}

/**
 * The skeleton of a dashboard page: its title and description (with the header's actions on the
 * right, when it has any), then the page's sections one below the other.
 */
export function DashboardPage({
  title,
  description,
  descriptionTestId,
  above,
  actions,
  size = 'lg',
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  descriptionTestId?: string;
  /** Content above the title, e.g. a back link. */
  above?: ReactNode;
  actions?: ReactNode;
  size?: ContainerProps['size'];
  children: ReactNode;
}) {
  const heading = (
    <DashboardPageTitle
      title={title}
      description={description}
      descriptionTestId={descriptionTestId}
    />
  );
  return (
    <Container size={size} py="xl">
      <Stack gap="lg">
        {above}
        {actions ? (
          <Group justify="space-between" align="flex-end">
            {heading}
            {actions}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Container>
  );
}
