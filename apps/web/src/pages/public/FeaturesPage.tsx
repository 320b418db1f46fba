import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function FeaturesPage() {
  usePageMeta('Features');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Features</Title>
    </Container>
  );
}
