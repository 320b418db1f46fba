import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function HealthSafetyPage() {
  usePageMeta('Health & Safety Compliance');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Health & Safety Compliance</Title>
    </Container>
  );
}
