import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function InstancesPage() {
  usePageMeta('Instances');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Instances</Title>
    </Container>
  );
}
