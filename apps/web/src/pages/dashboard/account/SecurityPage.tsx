import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function SecurityPage() {
  usePageMeta('Security');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Security</Title>
    </Container>
  );
}
