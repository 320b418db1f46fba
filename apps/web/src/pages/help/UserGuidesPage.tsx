import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function UserGuidesPage() {
  usePageMeta('User Guides');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>User Guides</Title>
    </Container>
  );
}
