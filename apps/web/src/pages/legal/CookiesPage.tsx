import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function CookiesPage() {
  usePageMeta('Cookie Policy');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Cookie Policy</Title>
    </Container>
  );
}
