import { Container, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';

export default function LoginPage() {
  usePageMeta('Sign in');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Sign in</Title>
    </Container>
  );
}
