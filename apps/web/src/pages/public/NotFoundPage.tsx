import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function NotFoundPage() {
  usePageMeta('Page not found');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Page not found</Title>
    </Container>
  );
}
