import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function StaffConsolePage() {
  usePageMeta('Staff Console');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Staff Console</Title>
    </Container>
  );
}
