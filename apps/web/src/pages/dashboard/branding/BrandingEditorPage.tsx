import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';

export default function BrandingEditorPage() {
  usePageMeta('Branding');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Branding</Title>
    </Container>
  );
}
