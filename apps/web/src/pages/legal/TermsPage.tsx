import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function TermsPage() {
  usePageMeta('Terms & Conditions');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Terms & Conditions</Title>
    </Container>
  );
}
