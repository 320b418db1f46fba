import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function OrganizationDetailPage() {
  usePageMeta('Organization');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Organization</Title>
    </Container>
  );
}
