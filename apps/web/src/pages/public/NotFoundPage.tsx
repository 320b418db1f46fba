import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconLifebuoy } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';

export default function NotFoundPage() {
  usePageMeta('Page not found');
  const { pathname } = useLocation();
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md">
        <Text fw={800} fz={72} lh={1} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">
          We couldn&apos;t find{' '}
          <Text span ff="monospace">
            {pathname}
          </Text>
          . The link may be out of date, or the page may have moved.
        </Text>
        <Group gap="sm" justify="center">
          <Button component={Link} to="/" leftSection={<IconHome size={16} />}>
            Back to home
          </Button>
          <Button
            component={Link}
            to="/user-guides"
            variant="default"
            leftSection={<IconLifebuoy size={16} />}
          >
            User guides
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
