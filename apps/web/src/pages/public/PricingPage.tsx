import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function PricingPage() {
  usePageMeta('Pricing');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Pricing</Title>
    </Container>
  );
}
