import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function SupportPage() {
  usePageMeta('Support');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Support</Title>
    </Container>
  );
}
