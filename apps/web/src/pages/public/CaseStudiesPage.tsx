import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function CaseStudiesPage() {
  usePageMeta('Case Studies');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Case Studies</Title>
    </Container>
  );
}
