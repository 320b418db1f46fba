import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function InstanceDetailPage() {
  usePageMeta('Instance');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Instance</Title>
    </Container>
  );
}
