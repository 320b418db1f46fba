import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function TrainingVideosPage() {
  usePageMeta('Training Videos');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Training Videos</Title>
    </Container>
  );
}
