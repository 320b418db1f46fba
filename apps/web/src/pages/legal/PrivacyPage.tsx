import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function PrivacyPage() {
  usePageMeta('Privacy Policy');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Privacy Policy</Title>
    </Container>
  );
}
