import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function OrganizationsPage() {
  usePageMeta('Organizations');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Organizations</Title>
    </Container>
  );
}
