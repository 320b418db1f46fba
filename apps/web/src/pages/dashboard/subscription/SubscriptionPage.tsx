import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function SubscriptionPage() {
  usePageMeta('Subscription & Billing');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Subscription & Billing</Title>
    </Container>
  );
}
