import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function HomePage() {
  usePageMeta('School & Camp Management Platform');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>School & Camp Management Platform</Title>
    </Container>
  );
}
