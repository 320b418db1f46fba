import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function ContactPage() {
  usePageMeta('Contact us');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Contact us</Title>
    </Container>
  );
}
